/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import es from './i18n/es.json';

/**
 * The folder's own namespace (i18n/index.ts), which the shared i18n test does not see: the same keys
 * in both languages, no empty text, and every t('key') of this folder's screens present.
 */
const keysOf = (tree: Record<string, string>) => Object.keys(tree).map((k) => k.replace(/_(one|other)$/, ''));

describe('questionnaire texts', () => {
  it('have the same keys in Spanish and English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
    for (const tree of [es, en]) expect(Object.entries(tree).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('contain every key the screens use', () => {
    const known = new Set(keysOf(es));
    const used = readdirSync(import.meta.dirname)
      .filter((name) => name.endsWith('.tsx'))
      .flatMap((name) => [...readFileSync(join(import.meta.dirname, name), 'utf8').matchAll(/\bt\(\s*'([\w-]+)'/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((key) => !known.has(key))).toEqual([]);
  });
});
