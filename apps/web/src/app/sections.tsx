import {
  BarChartOutlined,
  CalendarOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { TPermission } from '@audit/domain/permissions';
import { screen, type TFeatureManifest, type TMenuContribution } from '../manifest/manifest';

const REGISTER_READ: TPermission[] = ['REGISTER:READ'];
const ANALYTICS_READ: TPermission[] = ['ANALYTICS:READ'];
const home = () => import('./HomeRoute').then((m) => m.HomeRoute);

/**
 * The shell's own manifest: the two homes, the sidebar's groups, and the sections of the product
 * document whose domain is not built yet (placeholders: their entries open the shared "coming soon"
 * page). A domain that arrives declares the same key in its own features/<domain>/manifest.tsx, which
 * takes the placeholder's place: nothing here changes (decision 0076).
 * `order` is the sidebar's order (top level by tens; children within their group).
 */
const upcoming: TMenuContribution[] = [
  { key: 'clientAuditsResume', path: '/client-audits/resume', audience: 'client', parent: 'clientAudits', order: 10 },
  { key: 'documentation', icon: <FolderOpenOutlined />, path: '/documentation', audience: 'client', permissions: ['GOOGLE_DRIVE_VIEW'], order: 70 },
  { key: 'users', icon: <TeamOutlined />, audience: 'client', permissions: ['USER:MANAGEMENT'], hideForAdmin: true, order: 80 },
  { key: 'analyticsClient', icon: <BarChartOutlined />, path: '/analytics/client', audience: 'client', permissions: ANALYTICS_READ, order: 90 },
  { key: 'analyticsAuditor', icon: <BarChartOutlined />, path: '/analytics/auditor', audience: 'auditor', permissions: ANALYTICS_READ, order: 100 },
  { key: 'calendar', icon: <CalendarOutlined />, path: '/calendar', audience: 'auditor', order: 110 },
  // Administrators manage registers too (alsoFor): the group shows them its management entries, named
  // apart from the clients' own "Registros" group they also see.
  {
    key: 'registers',
    icon: <ProfileOutlined />,
    audience: 'auditor',
    alsoFor: ['REGISTER:CREATE'],
    alsoForLabel: 'registersOffice',
    permissions: REGISTER_READ,
    order: 120,
  },
  { key: 'faqsView', icon: <QuestionCircleOutlined />, path: '/faqs-view', audience: 'auditor', order: 140 },
  { key: 'faqsViewClient', icon: <QuestionCircleOutlined />, path: '/faqs-view-client', audience: 'client', order: 150 },
  { key: 'administration', icon: <ToolOutlined />, audience: 'admin', order: 180 },
  { key: 'settings', icon: <SettingOutlined />, audience: 'admin', order: 190 },
];

export const sectionsManifest: TFeatureManifest = {
  id: 'shell',
  routes: () => [
    { path: '/home/auditor', ...screen(home, { kind: 'auditor' }) },
    { path: '/home/client', ...screen(home, { kind: 'client' }) },
  ],
  menu: [
    { key: 'homeAuditor', icon: <HomeOutlined />, path: '/home/auditor', audience: 'auditor', order: 10 },
    { key: 'homeClient', icon: <HomeOutlined />, path: '/home/client', audience: 'client', order: 20 },
    // The leaves announce domains not built yet: placeholders a domain's own entry replaces.
    ...upcoming.map((entry) => (entry.path ? { ...entry, placeholder: true } : entry)),
  ],
};
