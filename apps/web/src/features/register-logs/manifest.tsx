import { ProfileOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

// The count loads with the shell, not with the sign-in page (the manifest is in the first chunk).
const PendingMenuBadge = lazy(() => import('./PendingMenuBadge').then((m) => ({ default: m.PendingMenuBadge })));

const status = () => import('./RegisterStatusPage').then((m) => m.RegisterStatusPage);

/**
 * The registers' logs (decisions 0031, 0036): the log grid of a period, the client's registers by
 * area and the auditor's inspection lists (pending / completed / closed), a client's registers.
 */
export const registerLogsManifest: TFeatureManifest = {
  id: 'register-logs',
  offline: () => import('./offline/registerResource'),
  // A login limited to some register areas (users/me registersAccess) sees only those areas' entries.
  accessLists: { registers: (user) => (user as { registersAccess?: { areaAccess: string }[] | null }).registersAccess?.map((r) => r.areaAccess) },
  routes: () => [
    { path: '/registers/log/:id', ...screen(() => import('./LogGridPage').then((m) => m.LogGridPage)) },
    { path: '/registers/inspection', ...screen(status, { titleKey: 'registerLogs.inspectionTitle' }) },
    { path: '/registers/client/:id', ...screen(() => import('./ClientRegistersPage').then((m) => m.ClientRegistersPage)) },
    { path: '/client-registers/kitchen', ...screen(status, { area: 'KITCHEN', titleKey: 'registerLogs.areaTitle.KITCHEN' }) },
    { path: '/client-registers/pool', ...screen(status, { area: 'POOL', titleKey: 'registerLogs.areaTitle.POOL' }) },
    { path: '/client-registers/legionella', ...screen(status, { area: 'LEGIONELLA', titleKey: 'registerLogs.areaTitle.LEGIONELLA' }) },
    { path: '/client-registers/others', ...screen(status, { area: 'OTHERS', titleKey: 'registerLogs.areaTitle.OTHERS' }) },
  ],
  menu: [
    { key: 'clientRegisters', icon: <ProfileOutlined />, audience: 'client', permissions: ['REGISTER:READ'], order: 30, badge: PendingMenuBadge },
    {
      key: 'registersKitchen',
      path: '/client-registers/kitchen',
      audience: 'client',
      access: { list: 'registers', value: 'KITCHEN' },
      parent: 'clientRegisters',
      order: 10,
      badge: PendingMenuBadge,
    },
    {
      key: 'registersPool',
      path: '/client-registers/pool',
      audience: 'client',
      access: { list: 'registers', value: 'POOL' },
      parent: 'clientRegisters',
      order: 20,
      badge: PendingMenuBadge,
    },
    {
      key: 'registersLegionella',
      path: '/client-registers/legionella',
      audience: 'client',
      access: { list: 'registers', value: 'LEGIONELLA' },
      parent: 'clientRegisters',
      order: 30,
      badge: PendingMenuBadge,
    },
    {
      key: 'registersOthers',
      path: '/client-registers/others',
      audience: 'client',
      access: { list: 'registers', value: 'OTHERS' },
      parent: 'clientRegisters',
      order: 40,
      badge: PendingMenuBadge,
    },
    { key: 'registersInspection', path: '/registers/inspection', audience: 'auditor', parent: 'registers', order: 20, badge: PendingMenuBadge },
  ],
  // The client page's registers tab (/clients/:id/registers), for clients only: registers hang from the client.
  clientTabs: [
    {
      key: 'registers',
      labelKey: 'registerLogs.clientTab',
      order: 10,
      permissions: ['REGISTER:READ'],
      spaceTypes: ['STRUCTURE'],
      load: () => import('./ClientRegistersPage').then((m) => m.ClientRegistersTab),
    },
  ],
};
