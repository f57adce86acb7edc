import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** Administración: permissions (roles), traces, spaces and the space's settings (decision 0047). */
export const adminManifest: TFeatureManifest = {
  id: 'admin',
  routes: () => [
    { path: '/admin/permissions', ...screen(() => import('./PermissionsPage').then((m) => m.PermissionsPage)) },
    { path: '/admin/traces', ...screen(() => import('./TracesPage').then((m) => m.TracesPage)) },
    { path: '/admin/spaces', ...screen(() => import('./SpacesPage').then((m) => m.SpacesPage)) },
    { path: '/admin/settings', ...screen(() => import('./SettingsPage').then((m) => m.SettingsPage)) },
  ],
  menu: [
    { key: 'adminPermissions', path: '/admin/permissions', audience: 'admin', parent: 'administration', order: 20 },
    { key: 'adminTraces', path: '/admin/traces', audience: 'admin', parent: 'administration', order: 30 },
    { key: 'adminSpaces', path: '/admin/spaces', audience: 'admin', parent: 'administration', order: 40 },
    { key: 'adminSettings', path: '/admin/settings', audience: 'admin', parent: 'administration', order: 60 },
  ],
  // The client page's history tab (/clients/:id/history): the traces of that client and below it.
  clientTabs: [
    {
      key: 'history',
      labelKey: 'admin.traces.historyTab',
      order: 90,
      permissions: ['TRACE:READ'],
      load: () => import('./TracesPage').then((m) => m.ClientHistoryTab),
    },
  ],
};
