import { lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { meQueryOptions } from '../session/me';
import { isSignedIn } from '../session/storage';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { ShellSkeleton } from '../ui/ShellSkeleton';
import { FEATURES, loadOfflineKinds } from './features';
import type { TRouteContext } from '../manifest/manifest';
import { registerPreloader } from '../manifest/registry';
import { menuLeaves } from './menu';
import { queryClient } from './queryClient';
import { loginPathFor } from './loginPath';

/**
 * The routes, assembled from the manifests (app/features.ts). Every page loads on demand, the shell
 * too: the sign-in page downloads neither the sidebar nor any screen (decision 0017).
 */
const context: TRouteContext = { queryClient };

/** Screens that exist; every other menu entry renders the shared "coming soon" state in the shell. */
export const screens: RouteObject[] = FEATURES.flatMap((feature) => feature.routes?.(context) ?? []);

const withScreen = new Set(screens.map((route) => route.path));
const comingSoon: RouteObject[] = menuLeaves()
  .filter((entry) => !withScreen.has(entry.path))
  .map((entry) => ({
    path: entry.path,
    lazy: async () => {
      const { SectionComingSoon } = await import('./HomeRoute');
      return { element: <SectionComingSoon menuKey={entry.key} /> };
    },
  }));

const shellChildren: RouteObject[] = [
  ...screens,
  ...comingSoon,
  {
    path: '*',
    lazy: async () => {
      // Where a sign-in lands ('/'): the home's screen downloads beside the shell and the profile,
      // not after them (issue 23).
      void import('./HomeRoute').catch(() => undefined);
      return { Component: (await import('./RequireAuth')).HomeRedirect };
    },
  },
];

const screenPaths = new Map<string, boolean>();

/**
 * Whether a path is a screen of the shell (breadcrumb links), not the catch-all. Remembered per path:
 * the routes never change, and each `matchRoutes` flattens and ranks all of them again (the
 * breadcrumbs ask for every crumb on every render).
 */
export function isScreenPath(path: string): boolean {
  let screen = screenPaths.get(path);
  if (screen === undefined) {
    const matches = matchRoutes(shellChildren, path);
    screen = Boolean(matches?.length && matches[matches.length - 1]!.route.path !== '*');
    screenPaths.set(path, screen);
  }
  return screen;
}

// A feature fetches a page's code ahead by its path (manifest/registry.ts preloadPath), without importing
// the feature that owns the page: the route's own lazy load, whose module the navigation then finds ready.
registerPreloader((path) => {
  const matches = matchRoutes(shellChildren, path);
  const lazyLoad = matches?.[matches.length - 1]?.route.lazy;
  if (typeof lazyLoad === 'function') void Promise.resolve(lazyLoad()).catch(() => undefined);
});

// The shell (sidebar, header, drawers, the session's checks) loads on demand too: an anonymous user
// is sent to /login without it; a signed-in one starts fetching it at once, beside the page's chunk.
// The features' offline kinds (their manifests' `offline`) load beside it: the shell starts replays.
const loadShell = () => Promise.all([import('./shell/SignedIn'), loadOfflineKinds()]).then(([shell]) => shell);
const SignedIn = lazy(() => loadShell().then((m) => ({ default: m.SignedIn })));
// A navigation into the shell (the one after a sign-in) fetches the shell's code at once, beside the
// other chunks of the navigation, not once they have arrived and the gate renders (issue 23).
const preloadShell = () => {
  if (isSignedIn()) {
    // The profile the shell waits for (RequireAuth), asked for now rather than once the shell's code
    // has arrived and rendered: a page's own prefetch (its loader) and this one travel together. Its
    // module is the sign-in page's already (queryClient.ts): no file to wait for behind the shell's
    // libraries on HTTP/1.1's six connections (decision 0111).
    void queryClient.prefetchQuery(meQueryOptions()).catch(() => undefined);
    void loadShell().catch(() => undefined);
  }
  return null;
};
preloadShell();

function ShellGate() {
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to={loginPathFor(location)} replace />;
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <SignedIn linkable={isScreenPath} />
    </Suspense>
  );
}

/** Pages without the shell: sign-in, recovery, impersonation, the public report. */
const pagesOf = (quiet: boolean): RouteObject[] =>
  FEATURES.filter((feature) => Boolean(feature.pagesWithoutToasts) === quiet).flatMap((feature) => feature.pages?.(context) ?? []);

export const router = createBrowserRouter([
  {
    // The first page's chunks are on their way: a spinner rather than a blank page.
    HydrateFallback: FullPageSpinner,
    children: [
      // Sign-in and the other ways in: no toast, so not antd's App (its chunk is the sign-in page's biggest saving).
      ...pagesOf(true),
      {
        // antd's App (toasts, notifications, modals through App.useApp) around everything else,
        // loaded on demand beside the page's own chunk.
        lazy: async () => ({ Component: (await import('./WithFeedback')).WithFeedback }),
        children: [...pagesOf(false), { element: <ShellGate />, loader: preloadShell, children: shellChildren }],
      },
    ],
  },
]);
