import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/translations';
import './app/styles.css';
import { App } from './app/App';
import { registerServiceWorker } from './sw/register';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
