import type { TFeatureManifest } from './manifest';

/**
 * The manifests the app runs with, registered once by app/features.ts at start. What one feature
 * contributes to another's screen (a client page tab) is read from here, so no feature imports the
 * shell (app/) nor another feature (decisions 0019, 0076).
 */
let registered: readonly TFeatureManifest[] | undefined;

export function registerFeatures(features: readonly TFeatureManifest[]): void {
  registered = features;
}

/** The registered manifests; throws when read before app/features.ts ran (a programming error). */
export function registeredFeatures(): readonly TFeatureManifest[] {
  if (!registered) throw new Error('registeredFeatures read before app/features.ts registered the manifests');
  return registered;
}
