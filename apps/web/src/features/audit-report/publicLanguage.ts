import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@audit/domain/constants';

const isLanguage = (value: unknown): value is TLanguage => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language of the public report's "not available" page (decision 0069): the one the share link
 * carries (`?lang=`, the report's language, written by the server when the link is made), else the
 * browser's, else Spanish. The server's 404 says nothing, so an unshared audit's language never leaks.
 */
export function publicPageLanguage(search: string, browserLanguages: readonly string[]): TLanguage {
  const fromLink = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLanguage(fromLink)) return fromLink;
  for (const tag of browserLanguages) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
