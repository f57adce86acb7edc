import { WarningOutlined } from '@ant-design/icons';
import { Navigate } from 'react-router-dom';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

/**
 * Incidents (decision 0038): the lists by origin, the detail with its corrective actions. The
 * sidebar's /incidents entry is for auditors and clients alike (ISSUE:READ): both follow them up.
 */
export const incidentsManifest: TFeatureManifest = {
  id: 'incidents',
  offline: () => import('./offline/incidentResource'),
  routes: () => [
    { path: '/incidents', element: <Navigate to="/incidents/list/audits" replace /> },
    { path: '/incidents/list/:kind', ...screen(() => import('./IncidentsListPage').then((m) => m.IncidentsListPage)) },
    { path: '/incidents/:id', ...screen(() => import('./IncidentDetailPage').then((m) => m.IncidentDetailPage)) },
  ],
  menu: [{ key: 'incidents', icon: <WarningOutlined />, path: '/incidents', audience: 'any', permissions: ['ISSUE:READ'], order: 60 }],
};
