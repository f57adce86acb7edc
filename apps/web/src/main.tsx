import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/zodConfig';
import './app/translations';
import './app/styles.css';
import { App } from './app/App';
// Resource kinds of the offline layer (docs/decisions/0021): known before any replay, on every page.
import './features/audit-run/offline/auditResource';
import { registerServiceWorker } from './sw/register';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
