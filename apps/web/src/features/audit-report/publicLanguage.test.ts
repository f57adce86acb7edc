import { describe, expect, it } from 'vitest';
import { publicPageLanguage } from './publicLanguage';

describe('the public report error page language', () => {
  it("speaks the link's language over the browser's", () => {
    expect(publicPageLanguage('?lang=es', ['en-US', 'en'])).toBe('es');
    expect(publicPageLanguage('?lang=en', ['es-ES'])).toBe('en');
  });
  it("falls back to the browser's first supported language, then Spanish", () => {
    expect(publicPageLanguage('', ['fr-FR', 'en-GB'])).toBe('en');
    expect(publicPageLanguage('?lang=de', ['de-DE'])).toBe('es');
    expect(publicPageLanguage('', [])).toBe('es');
  });
});
