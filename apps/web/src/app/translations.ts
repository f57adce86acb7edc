import i18n from '../i18n';
import { buildTranslations } from '../i18n/resources';
import { FEATURES } from './features';

/** Every text of the app: the shared files, each manifest's own and the error catalogue's. */
export const translations = buildTranslations(FEATURES.flatMap((feature) => (feature.translations ? [feature.translations] : [])));

/** Loads the features' texts into i18n (main.tsx imports this before the first render). */
for (const language of ['es', 'en'] as const) i18n.addResourceBundle(language, 'translation', translations[language], true, true);
