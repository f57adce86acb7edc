// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyStylesheets } from './stylesheets';

/** A page whose head preloads `hrefs` as index.html does after the build (first-paint-plugin.ts). */
function pageWith(hrefs: string[]): Document {
  const page = document.implementation.createHTMLDocument('app');
  for (const href of hrefs) {
    const preload = page.createElement('link');
    preload.rel = 'preload';
    preload.setAttribute('as', 'style');
    preload.setAttribute('crossorigin', '');
    preload.href = href;
    page.head.append(preload);
  }
  return page;
}

const sheets = (page: Document) => [...page.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

describe('applyStylesheets: the preloaded stylesheets on the page before the app renders (decision 0123)', () => {
  it('links each preloaded stylesheet, in the preload mode, and resolves only once all have loaded', async () => {
    const page = pageWith(['/assets/index-a.css', '/assets/extra-b.css']);
    let applied = false;
    const done = applyStylesheets(page).then(() => (applied = true));
    const linked = sheets(page);
    expect(linked.map((link) => link.getAttribute('href'))).toEqual(['/assets/index-a.css', '/assets/extra-b.css']);
    // The same mode as the preload (crossorigin: anonymous), else the browser fetches the file again.
    expect(linked.map((link) => link.getAttribute('crossorigin'))).toEqual(['', '']);
    linked[0]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(applied).toBe(false); // one of two
    linked[1]!.dispatchEvent(new Event('load'));
    await done;
    expect(applied).toBe(true);
  });

  it('does not hold the app back when a stylesheet fails: the page renders as a failed link left it', async () => {
    const page = pageWith(['/assets/index-a.css']);
    const done = applyStylesheets(page);
    sheets(page)[0]!.dispatchEvent(new Event('error'));
    await expect(done).resolves.toBeUndefined();
  });

  it('resolves at once where nothing is preloaded (the development server injects the styles itself)', async () => {
    const page = pageWith([]);
    await expect(applyStylesheets(page)).resolves.toBeUndefined();
    expect(sheets(page)).toHaveLength(0);
  });
});
