import type { TLanguage } from '@audit/domain/constants';
import i18n, { setLanguageLoader } from '../index';
import type { TTree } from '../resources';

/**
 * Each language is a chunk of its own (es.ts, en.ts), fetched when first needed: the sign-in page
 * downloads the user's language only (decision 0051).
 */
const loaders: Record<TLanguage, () => Promise<{ default: TTree }>> = {
  es: () => import('./es'),
  en: () => import('./en'),
};

/** Puts a language's texts into i18n once; main.tsx awaits the user's before the first render. */
export async function loadLanguage(language: TLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: tree } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', tree, true, true);
}

setLanguageLoader(loadLanguage);
