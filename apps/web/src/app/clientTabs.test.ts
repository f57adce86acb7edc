import { describe, expect, it } from 'vitest';
import { assembleClientTabs } from '../manifest/clientTabs';
import { FEATURES } from './features';
import type { TClientTabProps, TFeatureManifest } from '../manifest/manifest';

const load = () => Promise.resolve((_: TClientTabProps) => null);
const feature = (id: string, ...tabs: { key: string; order: number }[]): TFeatureManifest => ({
  id,
  clientTabs: tabs.map((tab) => ({ ...tab, labelKey: `${id}.${tab.key}`, load })),
});

describe('the client page tabs contributed by manifests', () => {
  it('sorts the contributed tabs by order, whatever the manifests order', () => {
    const tabs = assembleClientTabs([feature('b', { key: 'late', order: 20 }), feature('a', { key: 'early', order: 10 })], ['general']);
    expect(tabs.map((tab) => tab.key)).toEqual(['early', 'late']);
    expect(tabs[0]).toMatchObject({ key: 'early', labelKey: 'a.early' });
  });

  it('refuses a key used twice or taken by one of the page own tabs', () => {
    expect(() => assembleClientTabs([feature('a', { key: 'x', order: 1 }), feature('b', { key: 'x', order: 2 })], [])).toThrow(/x is declared twice/);
    expect(() => assembleClientTabs([feature('a', { key: 'users', order: 1 })], ['users'])).toThrow(/users is declared twice/);
  });

  it('gives the registers tab to clients only, for readers of registers', () => {
    const registers = assembleClientTabs(FEATURES, []).find((tab) => tab.key === 'registers');
    expect(registers).toMatchObject({ labelKey: 'registerLogs.clientTab', permissions: ['REGISTER:READ'], spaceTypes: ['STRUCTURE'] });
  });
});
