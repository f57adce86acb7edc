import { screen, type TFeatureManifest } from '../../app/manifest';
import en from './i18n/en.json';
import es from './i18n/es.json';

/** Registers (decision 0031): the management list; the log, template editor and client views follow. */
export const registersManifest: TFeatureManifest = {
  id: 'registers',
  routes: () => [{ path: '/registers/management', ...screen(() => import('./RegistersListPage').then((m) => m.RegistersListPage)) }],
  menu: [{ key: 'registersManagement', path: '/registers/management', audience: 'auditor', parent: 'registers', order: 10 }],
  translations: { es, en },
};
