import { describe, expect, it } from 'vitest';
import { preloadStylesheets } from './first-paint-plugin';

describe("index.html's stylesheets are preloaded, not linked (decision 0123)", () => {
  it('turns each stylesheet link Vite writes into a preload of the same file, in the same mode', () => {
    const html =
      '<head><script async type="module" crossorigin src="/assets/index-x.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css"><link rel="modulepreload" crossorigin href="/assets/main-b.js"></head>';
    const out = preloadStylesheets(html);
    expect(out).toContain('<link rel="preload" as="style" crossorigin href="/assets/index-a.css">');
    expect(out).not.toContain('rel="stylesheet"');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/main-b.js">');
  });

  it('fails the build when there is no stylesheet to preload (boot.ts would wait for none)', () => {
    expect(() => preloadStylesheets('<head></head>')).toThrow(/links no stylesheet/);
  });
});
