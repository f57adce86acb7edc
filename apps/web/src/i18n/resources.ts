import type { TLanguage } from '@audit/domain/constants';
import { catalogueTranslations, deepMerge } from './catalogue';

export type TTree = { [key: string]: string | TTree };

/**
 * One language's texts: the shared files (i18n/, offline/i18n/), each feature's own
 * (features/<domain>/i18n/<language>.json), then the error catalogue's, merged in that order.
 * app/translations/<language>.ts assembles them, one chunk per language (decision 0051).
 */
export function buildLanguage(language: TLanguage, trees: readonly TTree[]): TTree {
  return deepMerge(
    trees.reduce<TTree>((all, tree) => deepMerge(all, tree), {}),
    catalogueTranslations(language),
  );
}
