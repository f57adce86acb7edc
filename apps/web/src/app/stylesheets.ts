/**
 * Applies the stylesheets index.html preloads (decision 0123: fetched at once, blocking no paint, so
 * the splash is on screen before antd's 68 KB arrive). Resolves once they are applied, or failed (a
 * page without its sheet, as a failed <link rel=stylesheet> gave): the app renders nothing before,
 * so no screen is drawn unstyled. In development Vite injects the styles itself and none is preloaded.
 */
export function applyStylesheets(page: Document): Promise<void> {
  const preloaded = [...page.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloaded.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = page.createElement('link');
          sheet.rel = 'stylesheet';
          // The preload's own mode, or the browser fetches it a second time.
          const mode = preload.getAttribute('crossorigin');
          if (mode !== null) sheet.setAttribute('crossorigin', mode);
          sheet.href = preload.href;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
