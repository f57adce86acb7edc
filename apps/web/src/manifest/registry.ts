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

let preloader: ((path: string) => void) | undefined;

/** The router says how to fetch a path's page ahead (app/router.tsx). */
export function registerPreloader(load: (path: string) => void): void {
  preloader = load;
}

/**
 * Fetches the code of the page at `path` ahead, so the navigation finds it ready: starting an audit
 * loads the run page while the server starts it, not once it has answered (decision 0074).
 */
export function preloadPath(path: string): void {
  preloader?.(path);
}
