import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TClientTabContribution, TClientTabProps, TFeatureManifest } from './manifest';
import { registeredFeatures } from './registry';

export type TClientTab = Omit<TClientTabContribution, 'load' | 'order'> & {
  Content: LazyExoticComponent<ComponentType<TClientTabProps>>;
};

/**
 * The client page's tabs contributed by other features' manifests (decision 0036): sorted by
 * `order`, each content a lazy component so the page downloads it only when the tab is shown.
 * A key used twice, or one of the page's own tabs, is a programming error caught at start.
 */
export function assembleClientTabs(manifests: readonly TFeatureManifest[], ownKeys: readonly string[]): TClientTab[] {
  const all = manifests.flatMap((manifest) => manifest.clientTabs ?? []);
  const keys = new Set(ownKeys);
  for (const tab of all) {
    if (keys.has(tab.key)) throw new Error(`client tab ${tab.key} is declared twice`);
    keys.add(tab.key);
  }
  return [...all]
    .sort((a, b) => a.order - b.order)
    .map(({ load, order: _order, ...tab }) => ({ ...tab, Content: lazy(() => load().then((Content) => ({ default: Content }))) }));
}

let assembled: TClientTab[] | undefined;

/** The contributed tabs of every registered feature (app/features.ts), assembled once. */
export function contributedClientTabs(ownKeys: readonly string[]): TClientTab[] {
  assembled ??= assembleClientTabs(registeredFeatures(), ownKeys);
  return assembled;
}
