import { catalogueTranslations, deepMerge } from './catalogue';
import es from './es.json';
import en from './en.json';

type TTree = { [key: string]: string | TTree };

/**
 * All translations: the shared files here, plus each feature's own texts (declared in its
 * manifest, features/<domain>/manifest.tsx, and assembled by app/translations.ts), plus the error
 * catalogue's texts, in that order.
 */
export function buildTranslations(features: readonly { es: TTree; en: TTree }[]) {
  const merged = (language: 'es' | 'en', shared: TTree) =>
    deepMerge(
      features.reduce<TTree>((all, feature) => deepMerge(all, feature[language]), shared),
      catalogueTranslations(language),
    );
  return { es: merged('es', es), en: merged('en', en) };
}

/** The shared texts and the catalogue, what i18n starts with before app/translations.ts adds the features'. */
export const translations = buildTranslations([]);
