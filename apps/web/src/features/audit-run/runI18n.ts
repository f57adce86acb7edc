import i18n from '../../i18n';

/**
 * Translations for the parts repeated on every question card. useTranslation subscribes each
 * component to language changes (a measurable cost on hundreds of cards); instead the page
 * remounts the sections when the language changes (RunLayout's key), and the cards read the
 * current language here. Plain texts are cached per language: a card asks for the same few.
 */
const cache = new Map<string, string>();
let cachedLanguage = '';

export function t(key: string, options?: Record<string, unknown>): string {
  if (options) return i18n.t(key, options);
  if (i18n.language !== cachedLanguage) {
    cache.clear();
    cachedLanguage = i18n.language;
  }
  let text = cache.get(key);
  if (text === undefined) cache.set(key, (text = i18n.t(key)));
  return text;
}

export const language = () => i18n.language;
