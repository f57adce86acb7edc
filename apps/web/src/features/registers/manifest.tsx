import { screen, type TFeatureManifest } from '../../manifest/manifest';

const page = (view: 'list' | 'create' | 'detail' | 'edit') => screen(() => import('./RegistersListPage').then((m) => m.RegistersListPage), { view });

/** Registers (decision 0031): the management list with its create, detail and edit drawers; the log and client views follow. */
export const registersManifest: TFeatureManifest = {
  id: 'registers',
  routes: () => [
    { path: '/registers/management', ...page('list') },
    { path: '/registers/management/create', ...page('create') },
    { path: '/registers/management/:id', ...page('detail') },
    { path: '/registers/management/:id/edit', ...page('edit') },
  ],
  menu: [{ key: 'registersManagement', path: '/registers/management', audience: 'auditor', alsoFor: ['REGISTER:CREATE'], parent: 'registers', order: 10 }],
};
