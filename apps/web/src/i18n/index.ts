import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import './relativeTime';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@audit/domain/constants';

export const LANGUAGE_STORAGE_KEY = 'language';

const isLanguage = (value: unknown): value is TLanguage => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Stored choice, else the browser's language when supported, else Spanish. */
export function detectLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    /* storage unavailable */
  }
  const browser = typeof navigator !== 'undefined' ? navigator.language?.slice(0, 2).toLowerCase() : undefined;
  return isLanguage(browser) ? browser : DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(language: TLanguage) {
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const initial = detectLanguage();
// No texts yet: app/translations loads the user's language (one chunk) before the first render,
// and another language when the user picks it (decision 0051).
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});
applyDocumentLanguage(initial);

export const currentLanguage = (): TLanguage => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

let loadTexts: (language: TLanguage) => Promise<void> = async () => undefined;

/** app/translations registers how a language's texts arrive (i18n/ imports no feature). */
export function setLanguageLoader(loader: (language: TLanguage) => Promise<void>) {
  loadTexts = loader;
}

/** Makes sure a language's texts are loaded, e.g. a report shown in its template's language while the app speaks another. */
export const loadLanguageTexts = (language: TLanguage) => loadTexts(language);

let latestChoice = 0;

export async function changeLanguage(language: TLanguage) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const choice = ++latestChoice;
  // The texts first: switching before they arrive would show keys for a moment.
  await loadTexts(language);
  // A later choice made while these texts were on their way wins, whichever arrives first.
  if (choice !== latestChoice) return;
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
