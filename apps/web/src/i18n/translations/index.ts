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
  // Handed over as it is: no bundle of this language exists yet (above), so nothing to merge into
  // (deep: false), and the tree is this module's alone, so i18next need not copy it first (skipCopy):
  // both walked every text, about 50 ms of the first render's wait on a slow phone.
  i18n.addResourceBundle(language, 'translation', tree, false, true, { skipCopy: true });
}

setLanguageLoader(loadLanguage);
