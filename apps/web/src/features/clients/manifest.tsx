import { ShopOutlined } from '@ant-design/icons';
import { Navigate } from 'react-router-dom';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const list = () => import('./ClientsListPage').then((m) => m.ClientsListPage);
const form = () => import('./ClientFormPage').then((m) => m.ClientFormPage);

/** The audit company's clients: lists (table, tree, directory), the form and the client's tabs. */
export const clientsManifest: TFeatureManifest = {
  id: 'clients',
  routes: () => [
    { path: '/clients', ...screen(list, { view: 'table' }) },
    { path: '/clients/tree-list', ...screen(list, { view: 'tree' }) },
    { path: '/clients/directory-list', ...screen(list, { view: 'directory' }) },
    { path: '/clients/create', ...screen(form) },
    // A client opens on its Structure (its establishments and areas), the list's counterpart.
    { path: '/clients/:id', element: <Navigate to="structure" replace /> },
    { path: '/clients/:id/edit', ...screen(form) },
    { path: '/clients/:id/:tab', ...screen(() => import('./ClientPage').then((m) => m.ClientPage)) },
  ],
  menu: [{ key: 'clients', icon: <ShopOutlined />, path: '/clients', audience: 'admin', order: 170 }],
};
