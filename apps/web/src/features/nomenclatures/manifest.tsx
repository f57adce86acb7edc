import { Navigate } from 'react-router-dom';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const page = () => import('./NomenclaturesPage').then((m) => m.NomenclaturesPage);

/** The tenant's nomenclatures and services (Configuración). */
export const nomenclaturesManifest: TFeatureManifest = {
  id: 'nomenclatures',
  routes: () => [
    { path: '/settings/nomenclatures', element: <Navigate to="/settings/nomenclatures/area-type" replace /> },
    { path: '/settings/nomenclatures/:kind', ...screen(page) },
    { path: '/settings/services', ...screen(page) },
  ],
  menu: [
    { key: 'settingsNomenclatures', path: '/settings/nomenclatures', audience: 'admin', parent: 'settings', order: 10 },
    { key: 'settingsServices', path: '/settings/services', audience: 'admin', parent: 'settings', order: 20 },
  ],
};
