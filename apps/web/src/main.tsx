import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage } from './i18n';
import { loadLanguage } from './i18n/translations';
// The stylesheets (antd's, then ours) are imported by app/boot.ts, index.html's entry, which runs this file.
import { App } from './app/App';
import { registerServiceWorker } from './sw/register';

// The user's language arrives first (its own chunk, fetched beside the page's): no key is ever shown.
void loadLanguage(currentLanguage()).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

registerServiceWorker();
