import { screen, type TFeatureManifest } from '../../app/manifest';
import en from './i18n/en.json';
import es from './i18n/es.json';

/** Administración > Solicitudes de acceso: strangers asking to join and the invitations sent (decision 0040). */
export const accessManifest: TFeatureManifest = {
  id: 'access',
  translations: { es, en },
  routes: () => [{ path: '/admin/access-requests', ...screen(() => import('./AccessPage').then((m) => m.AccessPage)) }],
  menu: [{ key: 'adminAccessRequests', path: '/admin/access-requests', audience: 'admin', parent: 'administration', order: 50 }],
};
