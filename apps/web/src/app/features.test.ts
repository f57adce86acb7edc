import { readdirSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURES, manifestsOf } from './features';
import { assembleMenu } from './menu';
import type { TFeatureManifest } from '../manifest/manifest';
import { registeredFeatures } from '../manifest/registry';

const FEATURES_DIR = new URL('../features/', import.meta.url);

describe('the features, assembled without a central list (decision 0076)', () => {
  it('holds every features/<domain>/manifest.tsx, each once, after the shell', () => {
    const folders = readdirSync(FEATURES_DIR).filter((name) => existsSync(new URL(`${name}/manifest.tsx`, FEATURES_DIR)));
    expect(FEATURES[0]!.id).toBe('shell');
    expect(
      FEATURES.slice(1)
        .map((feature) => feature.id)
        .sort(),
    ).toEqual(folders.sort());
    expect(registeredFeatures()).toBe(FEATURES);
  });

  it('refuses a manifest file exporting no manifest or two', () => {
    const one: TFeatureManifest = { id: 'one' };
    expect(manifestsOf({ 'a/manifest.tsx': { one, SOMETHING: 3 } })).toEqual([one]);
    expect(() => manifestsOf({ 'a/manifest.tsx': { SOMETHING: 3 } })).toThrow(/exactly one feature manifest \(found 0\)/);
    expect(() => manifestsOf({ 'a/manifest.tsx': { one, two: { id: 'two' } } })).toThrow(/found 2/);
  });

  it('declares the offline kinds in the manifests, never in the shell', () => {
    expect(FEATURES.filter((feature) => feature.offline).map((feature) => feature.id)).toEqual(['audit-run', 'incidents', 'register-logs']);
  });

  it('refuses a menu entry limited by an access list no manifest declares, and a list declared twice', () => {
    const entry = { key: 'x', path: '/x', audience: 'client' as const, order: 1, access: { list: 'nowhere', value: 'A' } };
    expect(() => assembleMenu([{ id: 'a', menu: [entry] }])).toThrow(/access list nowhere of x is not declared/);
    const reader = () => null;
    expect(() =>
      assembleMenu([
        { id: 'a', accessLists: { l: reader } },
        { id: 'b', accessLists: { l: reader } },
      ]),
    ).toThrow(/access list l is declared twice/);
  });
});

describe('placeholders of domains not built yet (decision 0076)', () => {
  it("gives a placeholder's place to the domain's own entry of the same key, and keeps it until then", () => {
    const shell: TFeatureManifest = { id: 'shell', menu: [{ key: 'calendar', path: '/calendar', audience: 'auditor', order: 110, placeholder: true }] };
    expect(assembleMenu([shell])).toEqual([{ key: 'calendar', path: '/calendar', audience: 'auditor' }]);
    const calendar: TFeatureManifest = { id: 'calendar', menu: [{ key: 'calendar', path: '/calendar', audience: 'any', order: 110 }] };
    expect(assembleMenu([shell, calendar])).toEqual([{ key: 'calendar', path: '/calendar', audience: 'any' }]);
  });
});
