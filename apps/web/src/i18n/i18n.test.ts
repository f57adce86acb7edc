/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPACE_TYPES, USER_STATUSES } from '@audit/domain/constants';
import { ERROR_CATALOGUE } from '@audit/domain/errors';
import { QueryClient } from '@tanstack/react-query';
import { FEATURES } from '../app/features';
import { MENU, type TMenuEntry } from '../app/menu';
import { NOMENCLATURES } from '../features/nomenclatures/definitions';
import { catalogueTranslations } from './catalogue';

type TTree = { [key: string]: string | TTree };
import { translations } from './translations/all';

// Shared files, every feature's own files and the catalogue, merged as the app loads them.
const { es, en } = translations as { es: TTree; en: TTree };

/** Every leaf as [dotted key, value]. */
function leaves(tree: TTree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leaves(value as TTree, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const keysOf = (tree: TTree) => new Set(leaves(tree).map(([key]) => key));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('translations', () => {
  it('have the same keys in Spanish and English', () => {
    const esKeys = keysOf(es);
    const enKeys = keysOf(en);
    expect(
      [...esKeys].filter((k) => !enKeys.has(k)),
      'missing in English',
    ).toEqual([]);
    expect(
      [...enKeys].filter((k) => !esKeys.has(k)),
      'missing in Spanish',
    ).toEqual([]);
  });

  it('have no empty values', () => {
    for (const [name, tree] of Object.entries({ es, en })) {
      const empty = leaves(tree).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(
        empty.map(([key]) => key),
        `empty in ${name}`,
      ).toEqual([]);
    }
  });

  it('build alert.error.{name}.{reference} for every catalogue entry in both languages', () => {
    for (const language of ['es', 'en'] as const) {
      const texts = new Map(leaves(catalogueTranslations(language)));
      for (const entry of ERROR_CATALOGUE) {
        expect(texts.get(`alert.error.${entry.name}.${entry.reference}`), `${language} ${entry.name}.${entry.reference}`).toBeTruthy();
      }
    }
  });

  it('contain every literal key the screens use', () => {
    const all = keysOf(es);
    const plural = (key: string) => all.has(`${key}_one`) && all.has(`${key}_other`);
    const used = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !all.has(key) && !plural(key))).toEqual([]);
  });

  it('contain the keys built at run time (menu, statuses, space types, strength labels)', () => {
    const all = keysOf(es);
    const menuKeys = (entries: TMenuEntry[]): string[] => entries.flatMap((e) => [`menu.${e.key}`, ...menuKeys(e.children ?? [])]);
    const dynamic = [
      ...menuKeys(MENU),
      ...USER_STATUSES.map((s) => `users.status.${s}`),
      ...SPACE_TYPES.map((s) => `spaces.type.${s}`),
      ...['veryWeak', 'weak', 'acceptable', 'good', 'excellent'].map((s) => `password.strength.${s}`),
      ...['table', 'directory', 'tree'].map((s) => `list.view.${s}`),
      ...['es', 'en'].map((s) => `language.${s}`),
    ];
    expect(dynamic.filter((key) => !all.has(key))).toEqual([]);
  });

  it('read as English in English (no calques of the Spanish words)', () => {
    // "Running" for "En curso", "Qualified" for "Conforme", the Spanish tax ID's acronym, "UFC": words a
    // translation leaves, not what an English-speaking food-safety team says.
    const calques = [/^Running$/, /\bQualified\b/, /\bNot qualified\b/, /\(CIF\)/, /\bUFC\b/];
    const found = leaves(en).filter(([, value]) => typeof value === 'string' && calques.some((c) => c.test(value)));
    expect(found.map(([key, value]) => `${key}: ${String(value)}`)).toEqual([]);
  });

  it('name every breadcrumb segment of the routes, the menu, the nomenclature pages and the client tabs', () => {
    const all = keysOf(es);
    // The shell's screens, from the manifests (routes outside the shell, such as /login, show no breadcrumbs).
    const routePaths = FEATURES.flatMap((feature) => feature.routes?.({ queryClient: new QueryClient() }) ?? []).map((route) => route.path!);
    expect(routePaths).toContain('/templates');
    const menuPaths = (entries: TMenuEntry[]): string[] => entries.flatMap((e) => [...(e.path ? [e.path] : []), ...menuPaths(e.children ?? [])]);
    const paths = [...routePaths, ...menuPaths(MENU), ...NOMENCLATURES.map((d) => d.path)];
    const prefixes = paths.flatMap((path) => {
      const segments = path.split('/').filter(Boolean);
      return segments.map((segment, i) => ({ segment, path: `/${segments.slice(0, i + 1).join('/')}` }));
    });
    const missing = prefixes
      .filter(({ segment }) => !segment.startsWith(':') && segment !== '*')
      .filter(({ segment, path }) => !all.has(`breadcrumb.${segment}`) && !all.has(`breadcrumbPath.${path}`))
      .map(({ path }) => path);
    expect([...new Set(missing)]).toEqual([]);
    const tabs = Object.keys((es.clients as TTree).tabs as TTree);
    expect(tabs.filter((tab) => !all.has(`breadcrumb.${tab}`))).toEqual([]);
  });
});
