import type { TFeatureManifest } from '../manifest/manifest';
import { registerFeatures } from '../manifest/registry';
import { sectionsManifest } from './sections';

/**
 * Every part of the app: the shell's own manifest, then each features/<domain>/manifest.tsx found by
 * the build (in folder order). A new domain is its folder with a manifest.tsx exporting one
 * TFeatureManifest: nothing here changes (decisions 0017, 0076). router.tsx, menu.ts, the offline
 * kinds and the client page's tabs are assembled from this list.
 */
const found = import.meta.glob<Record<string, unknown>>('../features/*/manifest.tsx', { eager: true });

const isManifest = (value: unknown): value is TFeatureManifest =>
  Boolean(value) && typeof value === 'object' && typeof (value as TFeatureManifest).id === 'string';

export function manifestsOf(modules: Record<string, Record<string, unknown>>): TFeatureManifest[] {
  return Object.keys(modules)
    .sort()
    .map((path) => {
      const manifests = Object.values(modules[path]!).filter(isManifest);
      if (manifests.length !== 1) throw new Error(`${path} must export exactly one feature manifest (found ${manifests.length})`);
      return manifests[0]!;
    });
}

export const FEATURES: readonly TFeatureManifest[] = [sectionsManifest, ...manifestsOf(found)];
registerFeatures(FEATURES);

let offlineKinds: Promise<unknown> | undefined;
/** Every feature's offline resource kinds, loaded once: the signed-in shell waits for them, since a replay it starts must know every kind (decision 0021). */
export const loadOfflineKinds = () => (offlineKinds ??= Promise.all(FEATURES.map((feature) => feature.offline?.())));
