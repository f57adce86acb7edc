import { screen, type TFeatureManifest } from '../../manifest/manifest';
import { BarChartOutlined } from '@ant-design/icons';

const analytics = () => import('./AnalyticsPage').then((m) => m.AnalyticsPage);

/**
 * The statistics screens (issue 25, decision 0079): the client's dashboard under "Auditorías" and the
 * two analytics screens. Their entries take the places the shell announced (app/sections.tsx) by
 * declaring the same keys. The chart kit loads with these screens only (lazy pages).
 */
export const statisticsManifest: TFeatureManifest = {
  id: 'statistics',
  routes: () => [
    { path: '/client-audits/resume', ...screen(() => import('./ResumePage').then((m) => m.ResumePage)) },
    { path: '/analytics/client', ...screen(analytics, { kind: 'client' }) },
    { path: '/analytics/auditor', ...screen(analytics, { kind: 'auditor' }) },
  ],
  menu: [
    { key: 'clientAuditsResume', path: '/client-audits/resume', audience: 'client', parent: 'clientAudits', permissions: ['ANALYTICS:READ'], order: 10 },
    { key: 'analyticsClient', icon: <BarChartOutlined />, path: '/analytics/client', audience: 'client', permissions: ['ANALYTICS:READ'], order: 90 },
    { key: 'analyticsAuditor', icon: <BarChartOutlined />, path: '/analytics/auditor', audience: 'auditor', permissions: ['ANALYTICS:READ'], order: 100 },
  ],
};
