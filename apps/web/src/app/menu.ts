import { hasPermissions } from '@audit/domain/permissions';

/**
 * The sidebar as data: one definition, flags per entry, and one pure function that decides what a
 * user sees (product document sections 2 and 6). Children inherit the rules of their parent.
 * - audience: 'auditor' shows only to auditors, 'client' only to non-auditors, 'admin' only to admins, 'any' to everyone.
 * - permissions: all must be held; holding ADMIN (isAdmin) passes.
 * - hideForAdmin: hidden from admins even though ADMIN passes the permission check (USER:MANAGEMENT).
 * - registerArea / labDataArea: hidden when the user's access list is set and lacks that area.
 */
export type TAudience = 'auditor' | 'client' | 'admin' | 'any';

export interface TMenuEntry {
  /** Unique; the label is the i18n key menu.{key}; the icon is looked up by key. */
  key: string;
  path?: string;
  audience: TAudience;
  permissions?: string[];
  hideForAdmin?: boolean;
  registerArea?: 'KITCHEN' | 'POOL' | 'LEGIONELLA' | 'OTHERS';
  labDataArea?: 'labDataFood' | 'labDataPool' | 'labDataLegionella' | 'labDataOthers';
  children?: TMenuEntry[];
}

export interface TMenuUser {
  isAuditor: boolean;
  isAdmin: boolean;
  permissions: string[];
  registersAccess?: { areaAccess: string }[] | null;
  labDataAccess?: string[] | null;
}

const REGISTER_READ = ['REGISTER:READ'];
const AUDIT_READ = ['AUDIT:READ'];
const ANALYTICS_READ = ['ANALYTICS:READ'];

export const MENU: TMenuEntry[] = [
  { key: 'homeAuditor', path: '/home/auditor', audience: 'auditor' },
  { key: 'homeClient', path: '/home/client', audience: 'client' },
  {
    key: 'clientRegisters',
    audience: 'client',
    permissions: REGISTER_READ,
    children: [
      { key: 'registersKitchen', path: '/client-registers/kitchen', audience: 'client', registerArea: 'KITCHEN' },
      { key: 'registersPool', path: '/client-registers/pool', audience: 'client', registerArea: 'POOL' },
      { key: 'registersLegionella', path: '/client-registers/legionella', audience: 'client', registerArea: 'LEGIONELLA' },
      { key: 'registersOthers', path: '/client-registers/others', audience: 'client', registerArea: 'OTHERS' },
    ],
  },
  {
    key: 'clientAudits',
    audience: 'client',
    permissions: AUDIT_READ,
    children: [
      { key: 'clientAuditsResume', path: '/client-audits/resume', audience: 'client' },
      { key: 'clientAuditsAudits', path: '/client-audits/audits', audience: 'client' },
    ],
  },
  {
    key: 'labData',
    audience: 'client',
    permissions: ['LAB_DATA_VIEW'],
    children: [
      { key: 'labDataFood', path: '/lab-data/food', audience: 'client', labDataArea: 'labDataFood' },
      { key: 'labDataPool', path: '/lab-data/pool', audience: 'client', labDataArea: 'labDataPool' },
      { key: 'labDataLegionella', path: '/lab-data/legionella', audience: 'client', labDataArea: 'labDataLegionella' },
      { key: 'labDataOthers', path: '/lab-data/others', audience: 'client', labDataArea: 'labDataOthers' },
    ],
  },
  { key: 'incidents', path: '/incidents', audience: 'client', permissions: ['ISSUE:READ'] },
  { key: 'documentation', path: '/documentation', audience: 'client', permissions: ['GOOGLE_DRIVE_VIEW'] },
  {
    key: 'users',
    audience: 'client',
    permissions: ['USER:MANAGEMENT'],
    hideForAdmin: true,
    children: [{ key: 'usersUsers', path: '/users/users', audience: 'client' }],
  },
  { key: 'analyticsClient', path: '/analytics/client', audience: 'client', permissions: ANALYTICS_READ },
  { key: 'analyticsAuditor', path: '/analytics/auditor', audience: 'auditor', permissions: ANALYTICS_READ },
  { key: 'calendar', path: '/calendar', audience: 'auditor' },
  {
    key: 'registers',
    audience: 'auditor',
    permissions: REGISTER_READ,
    children: [
      { key: 'registersManagement', path: '/registers/management', audience: 'auditor' },
      { key: 'registersInspection', path: '/registers/inspection', audience: 'auditor' },
    ],
  },
  { key: 'auditorAudits', path: '/auditor/audits', audience: 'auditor', permissions: AUDIT_READ },
  { key: 'faqsView', path: '/faqs-view', audience: 'auditor' },
  { key: 'faqsViewClient', path: '/faqs-view-client', audience: 'client' },
  { key: 'templates', path: '/templates', audience: 'any', permissions: ['TEMPLATES:READ'] },
  { key: 'clients', path: '/clients', audience: 'admin' },
  {
    key: 'administration',
    audience: 'admin',
    children: [
      { key: 'adminUsers', path: '/admin/users', audience: 'admin' },
      { key: 'adminPermissions', path: '/admin/permissions', audience: 'admin' },
      { key: 'adminTraces', path: '/admin/traces', audience: 'admin' },
      { key: 'adminSpaces', path: '/admin/spaces', audience: 'admin' },
      { key: 'adminAccessRequests', path: '/admin/access-requests', audience: 'admin' },
      { key: 'adminSettings', path: '/admin/settings', audience: 'admin' },
    ],
  },
  {
    key: 'settings',
    audience: 'admin',
    children: [
      { key: 'settingsNomenclatures', path: '/settings/nomenclatures', audience: 'admin' },
      { key: 'settingsServices', path: '/settings/services', audience: 'admin' },
    ],
  },
];

function fitsAudience(entry: TMenuEntry, user: TMenuUser): boolean {
  if (entry.audience === 'any') return true;
  if (entry.audience === 'admin') return user.isAdmin;
  return entry.audience === 'auditor' ? user.isAuditor : !user.isAuditor;
}

function allowedArea(list: readonly string[] | undefined | null, area: string | undefined): boolean {
  if (!area || !list || list.length === 0) return true;
  return list.includes(area);
}

/** Whether one entry passes its own flags (not its parent's). */
export function entryAllowed(entry: TMenuEntry, user: TMenuUser): boolean {
  if (!fitsAudience(entry, user)) return false;
  if (entry.hideForAdmin && user.isAdmin) return false;
  if (entry.permissions?.length && !user.isAdmin && !hasPermissions(user.permissions, entry.permissions)) return false;
  if (!allowedArea(user.registersAccess?.map((r) => r.areaAccess), entry.registerArea)) return false;
  if (!allowedArea(user.labDataAccess, entry.labDataArea)) return false;
  return true;
}

/** The entries the user sees; a group with no visible child is dropped. */
export function visibleMenu(user: TMenuUser, menu: readonly TMenuEntry[] = MENU): TMenuEntry[] {
  const result: TMenuEntry[] = [];
  for (const entry of menu) {
    if (!entryAllowed(entry, user)) continue;
    if (entry.children) {
      const children = visibleMenu(user, entry.children);
      if (children.length) result.push({ ...entry, children });
    } else {
      result.push(entry);
    }
  }
  return result;
}

/** Every linkable entry, depth first. */
export function menuLeaves(menu: readonly TMenuEntry[] = MENU): TMenuEntry[] {
  return menu.flatMap((entry) => (entry.children ? menuLeaves(entry.children) : entry.path ? [entry] : []));
}

/** The chain of entries from the top to the entry whose path is `path` or a prefix of it. */
export function findMenuTrail(path: string, menu: readonly TMenuEntry[] = MENU): TMenuEntry[] | undefined {
  for (const entry of menu) {
    if (entry.path && (path === entry.path || path.startsWith(`${entry.path}/`))) return [entry];
    if (entry.children) {
      const trail = findMenuTrail(path, entry.children);
      if (trail) return [entry, ...trail];
    }
  }
  return undefined;
}

/** Whether the user may open a path that belongs to a menu entry; paths outside the menu are open. */
export function canOpenPath(user: TMenuUser, path: string): boolean {
  const trail = findMenuTrail(path);
  return !trail || trail.every((entry) => entryAllowed(entry, user));
}

/** The group keys that contain the entry of `path` (to open the right submenu). */
export const openKeysFor = (path: string) => (findMenuTrail(path) ?? []).slice(0, -1).map((entry) => entry.key);
