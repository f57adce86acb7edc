import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** The signed-in user's own profile (opened from the user menu, not the sidebar). */
export const profileManifest: TFeatureManifest = {
  id: 'profile',
  routes: () => [{ path: '/profile', ...screen(() => import('./ProfilePage').then((m) => m.ProfilePage)) }],
};
