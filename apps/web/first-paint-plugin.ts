import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/** The app that app/boot.ts (index.html's entry) starts after the first frame. */
const APP = src('main.tsx');
/** The default language's texts: main.tsx renders nothing before they arrive (decision 0051). */
const DEFAULT_TEXTS = src('i18n/translations/es.ts');

/**
 * index.html asks at once for every file the first render needs (decision 0103): the app's code
 * (main.tsx and its chunks: react, base, main), which app/boot.ts imports only after the first frame,
 * and the default language's texts, which main.tsx imports once it runs — without this they were
 * asked for after the entry's 290 KB had arrived and run, a round trip and a download later on a
 * slow network. A visitor in English downloads these 22 KB for nothing (and then English's).
 */
export function firstPaintPlugin(): Plugin {
  return {
    name: 'audit:first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return { html, tags: [] };
        const chunks = new Map(
          Object.values(bundle)
            .filter((output) => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const byFacade = (id: string) => {
          const found = [...chunks.values()].find((chunk) => chunk.facadeModuleId === id);
          if (!found) throw new Error(`first-paint-plugin: no chunk for ${id}`);
          return found;
        };
        // The files index.html loads already (the entry and its static imports) are not listed again.
        const linked = new Set([...chunks.values()].filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const closure = (root: string) => {
          const files: string[] = [];
          const stack = [root];
          while (stack.length) {
            const file = stack.pop()!;
            if (linked.has(file) || files.includes(file)) continue;
            files.push(file);
            stack.push(...(chunks.get(file)?.imports ?? []));
          }
          // The largest first: on HTTP/1.1 the browser opens six connections, the rest wait.
          return files.sort((a, b) => (chunks.get(b)?.code.length ?? 0) - (chunks.get(a)?.code.length ?? 0));
        };
        const app = closure(byFacade(APP).fileName);
        const files = [...app, ...closure(byFacade(DEFAULT_TEXTS).fileName).filter((file) => !app.includes(file))];
        const tags = files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
        return { html: preloadStylesheets(html), tags };
      },
    },
  };
}

/**
 * The stylesheets Vite links are fetched at once but block nothing (decision 0123): antd's sheet is
 * 68 KB on the wire, and while it came the splash waited with it, a blank page for half a second on
 * slow 4G. app/boot.ts applies them before the app's first render (applyStylesheets), so no screen
 * is drawn unstyled; the splash has its own inline style.
 */
export function preloadStylesheets(html: string): string {
  const preloaded = html.replace(/<link rel="stylesheet"([^>]*)>/g, '<link rel="preload" as="style"$1>');
  if (preloaded === html) throw new Error('first-paint-plugin: index.html links no stylesheet (boot.ts would wait for none)');
  return preloaded;
}
