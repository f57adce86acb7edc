import { ERROR_CATALOGUE } from '@audit/domain/errors';
import type { TLanguage } from '@audit/domain/constants';

type TTree = { [key: string]: string | TTree };

/** alert.error.{name}.{reference} texts, built from the shared error catalogue (never copied by hand). */
export function catalogueTranslations(language: TLanguage): TTree {
  const byName: Record<string, Record<string, string>> = {};
  for (const entry of ERROR_CATALOGUE) (byName[entry.name] ??= {})[entry.reference] = entry[language];
  return { alert: { error: byName } };
}

export function deepMerge(target: TTree, source: TTree): TTree {
  const out: TTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}
