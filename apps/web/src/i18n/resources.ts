import { catalogueTranslations, deepMerge } from './catalogue';
import es from './es.json';
import en from './en.json';

type TTree = { [key: string]: string | TTree };

/**
 * All translations: the shared files here, plus each feature's own `features/<domain>/i18n/es.json`
 * and `en.json` (found automatically, so features add text without editing shared files), plus the
 * error catalogue's texts.
 */
const featureFiles = import.meta.glob<TTree>(['../features/*/i18n/*.json', '../offline/i18n/*.json'], { eager: true, import: 'default' });

function featureTranslations(language: 'es' | 'en'): TTree {
  return Object.entries(featureFiles)
    .filter(([path]) => path.endsWith(`/${language}.json`))
    .reduce<TTree>((all, [, tree]) => deepMerge(all, tree) as TTree, {});
}

export const translations = {
  es: deepMerge(deepMerge(es, featureTranslations('es')), catalogueTranslations('es')) as TTree,
  en: deepMerge(deepMerge(en, featureTranslations('en')), catalogueTranslations('en')) as TTree,
};
