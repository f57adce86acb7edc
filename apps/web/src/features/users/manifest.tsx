import { Navigate } from 'react-router-dom';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const list = () => import('./UsersListPage').then((m) => m.UsersListPage);
const form = () => import('./UserFormPage').then((m) => m.UserFormPage);

/** The administrators' user management (Administración > Usuarios). */
export const usersManifest: TFeatureManifest = {
  id: 'users',
  routes: () => [
    { path: '/admin/users', ...screen(list) },
    { path: '/admin/users/create', ...screen(form) },
    { path: '/admin/users/:id', element: <Navigate to="personal" replace /> },
    { path: '/admin/users/:id/personal', ...screen(() => import('./UserDetailPage').then((m) => m.UserDetailPage)) },
    { path: '/admin/users/:id/edit', ...screen(form) },
  ],
  menu: [{ key: 'adminUsers', path: '/admin/users', audience: 'admin', parent: 'administration', order: 10 }],
};
