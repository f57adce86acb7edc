import { Navigate } from 'react-router-dom';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

/**
 * Administración > Solicitudes de acceso: strangers asking to join and the invitations sent
 * (decision 0040); and a client's manager's Usuarios > Usuarios (/users/users/list: users,
 * invitations, access requests of their space, decision 0048).
 */
export const accessManifest: TFeatureManifest = {
  id: 'access',
  routes: () => [
    { path: '/admin/access-requests', ...screen(() => import('./AccessPage').then((m) => m.AccessPage)) },
    { path: '/users/users', element: <Navigate to="list" replace /> },
    { path: '/users/users/list', ...screen(() => import('./UsersTabsPage').then((m) => m.UsersTabsPage)) },
  ],
  menu: [
    { key: 'adminAccessRequests', path: '/admin/access-requests', audience: 'admin', parent: 'administration', order: 50 },
    { key: 'usersUsers', path: '/users/users', audience: 'client', parent: 'users', order: 10 },
  ],
};
