import { catalogueTranslations, deepMerge } from './catalogue';
import es from './es.json';
import en from './en.json';
import offlineEn from '../offline/i18n/en.json';
import offlineEs from '../offline/i18n/es.json';

type TTree = { [key: string]: string | TTree };

/**
 * All translations: the shared files here, plus each feature's own texts (declared in its
 * manifest, features/<domain>/manifest.tsx, and assembled by app/translations.ts), plus the error
 * catalogue's texts, in that order.
 */
export function buildTranslations(features: readonly { es: TTree; en: TTree }[]) {
  // The offline layer (src/offline) is no feature: its texts are shared ones.
  const merged = (language: 'es' | 'en', shared: TTree) =>
    deepMerge(
      features.reduce<TTree>((all, feature) => deepMerge(all, feature[language]), shared),
      catalogueTranslations(language),
    );
  return { es: merged('es', deepMerge(es, offlineEs) as TTree), en: merged('en', deepMerge(en, offlineEn) as TTree) };
}

/** The shared texts and the catalogue, what i18n starts with before app/translations.ts adds the features'. */
export const translations = buildTranslations([]);
