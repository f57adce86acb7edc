import { screen, type TFeatureManifest } from '../../app/manifest';

/** Administración > Solicitudes de acceso: strangers asking to join and the invitations sent (decision 0040). */
export const accessManifest: TFeatureManifest = {
  id: 'access',
  routes: () => [{ path: '/admin/access-requests', ...screen(() => import('./AccessPage').then((m) => m.AccessPage)) }],
  menu: [{ key: 'adminAccessRequests', path: '/admin/access-requests', audience: 'admin', parent: 'administration', order: 50 }],
};
