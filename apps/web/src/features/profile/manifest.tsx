import { screen, type TFeatureManifest } from '../../app/manifest';
import en from './i18n/en.json';
import es from './i18n/es.json';

/** The signed-in user's own profile (opened from the user menu, not the sidebar). */
export const profileManifest: TFeatureManifest = {
  id: 'profile',
  translations: { es, en },
  routes: () => [{ path: '/profile', ...screen(() => import('./ProfilePage').then((m) => m.ProfilePage)) }],
};
