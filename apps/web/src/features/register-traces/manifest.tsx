import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** /register-traces (decision 0037): who changed which register, register template or log, and when. */
export const registerTracesManifest: TFeatureManifest = {
  id: 'register-traces',
  routes: () => [{ path: '/register-traces', ...screen(() => import('./RegisterTracesPage').then((m) => m.RegisterTracesPage)) }],
  menu: [{ key: 'registerTraces', path: '/register-traces', audience: 'auditor', parent: 'registers', order: 40 }],
};
