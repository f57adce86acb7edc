import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import relativeTime from 'dayjs/plugin/relativeTime';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@audit/domain/constants';
import { translations } from './resources';

dayjs.extend(relativeTime);

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
void i18n.use(initReactI18next).init({
  resources: {
    es: { translation: translations.es },
    en: { translation: translations.en },
  },
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});
applyDocumentLanguage(initial);

export const currentLanguage = (): TLanguage => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

export async function changeLanguage(language: TLanguage) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
