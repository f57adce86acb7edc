import type { TPermission } from '@audit/domain/permissions';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { translations as all } from '../i18n/translations/all';
import { assembleMenu, canOpenPath, MENU, menuLabelKey, menuLeaves, visibleMenu, type TMenuEntry, type TMenuUser } from './menu';

const permissionsOf = (role: string) => DEFAULT_ROLES.find((r) => r.name === role)!.permissions;
const paths = (user: TMenuUser) => menuLeaves(visibleMenu(user)).map((entry) => entry.path);
const groups = (user: TMenuUser) => visibleMenu(user).map((entry) => entry.key);

const auditor: TMenuUser = { isAuditor: true, isAdmin: false, permissions: permissionsOf('auditor') };
const client: TMenuUser = { isAuditor: false, isAdmin: false, permissions: permissionsOf('USER') };
const admin: TMenuUser = { isAuditor: false, isAdmin: true, permissions: ['ADMIN'] };

const AUDITOR_ONLY = [
  '/home/auditor',
  '/analytics/auditor',
  '/calendar',
  '/registers/management',
  '/registers/inspection',
  '/templates/registers',
  '/register-traces',
  '/auditor/audits',
  '/faqs-view',
];
/** Entries of both sides. */
const BOTH = ['/incidents'];
const CLIENT_ONLY = [
  '/home/client',
  '/client-registers/kitchen',
  '/client-audits/resume',
  '/lab-data/food',
  '/documentation',
  '/analytics/client',
  '/faqs-view-client',
];
const ADMIN_ONLY = [
  '/admin/users',
  '/admin/permissions',
  '/admin/traces',
  '/admin/spaces',
  '/admin/access-requests',
  '/admin/settings',
  '/clients',
  '/employees',
  '/settings/nomenclatures',
  '/settings/services',
];

const REGISTER_READ: TPermission[] = ['REGISTER:READ'];
const AUDIT_READ: TPermission[] = ['AUDIT:READ'];
const ANALYTICS_READ: TPermission[] = ['ANALYTICS:READ'];

/** The sidebar as it was written by hand before the manifests (issue 12): users must see the same. */
const EXPECTED_MENU: TMenuEntry[] = [
  { key: 'homeAuditor', path: '/home/auditor', audience: 'auditor' },
  { key: 'homeClient', path: '/home/client', audience: 'client' },
  {
    key: 'clientRegisters',
    audience: 'client',
    permissions: REGISTER_READ,
    children: [
      { key: 'registersKitchen', path: '/client-registers/kitchen', audience: 'client', access: { list: 'registers', value: 'KITCHEN' } },
      { key: 'registersPool', path: '/client-registers/pool', audience: 'client', access: { list: 'registers', value: 'POOL' } },
      { key: 'registersLegionella', path: '/client-registers/legionella', audience: 'client', access: { list: 'registers', value: 'LEGIONELLA' } },
      { key: 'registersOthers', path: '/client-registers/others', audience: 'client', access: { list: 'registers', value: 'OTHERS' } },
    ],
  },
  {
    key: 'clientAudits',
    audience: 'client',
    permissions: AUDIT_READ,
    children: [
      // Its figures and downloads are the statistics calls (ANALYTICS:READ, decision 0079).
      { key: 'clientAuditsResume', path: '/client-audits/resume', audience: 'client', permissions: ANALYTICS_READ },
      { key: 'clientAuditsAudits', path: '/client-audits/audits', audience: 'client' },
    ],
  },
  {
    key: 'labData',
    audience: 'client',
    permissions: ['LAB_DATA_VIEW'],
    children: [
      { key: 'labDataFood', path: '/lab-data/food', audience: 'client', access: { list: 'labData', value: 'labDataFood' } },
      { key: 'labDataPool', path: '/lab-data/pool', audience: 'client', access: { list: 'labData', value: 'labDataPool' } },
      { key: 'labDataLegionella', path: '/lab-data/legionella', audience: 'client', access: { list: 'labData', value: 'labDataLegionella' } },
      { key: 'labDataOthers', path: '/lab-data/others', audience: 'client', access: { list: 'labData', value: 'labDataOthers' } },
      { key: 'labDataIncidents', path: '/incidents/list/lab-data', audience: 'client', permissions: ['LAB_DATA_ISSUES_VIEW'] },
    ],
  },
  // Auditors follow incidents up too (decision 0038): the entry is for both sides.
  { key: 'incidents', path: '/incidents', audience: 'any', permissions: ['ISSUE:READ'] },
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
  { key: 'calendar', path: '/calendar', audience: 'auditor', alsoFor: ['AUDIT:CREATE'], permissions: ['AUDIT:READ'] },
  {
    key: 'registers',
    audience: 'auditor',
    alsoFor: ['REGISTER:CREATE'],
    alsoForLabel: 'registersOffice',
    permissions: REGISTER_READ,
    children: [
      { key: 'registersManagement', path: '/registers/management', audience: 'auditor', alsoFor: ['REGISTER:CREATE'] },
      { key: 'registersInspection', path: '/registers/inspection', audience: 'auditor' },
      { key: 'registerTemplates', path: '/templates/registers', audience: 'auditor', alsoFor: ['TEMPLATES:CREATE'], permissions: ['TEMPLATES:READ'] },
      { key: 'registerTraces', path: '/register-traces', audience: 'auditor' },
    ],
  },
  // Issue 13: the office plans audits there too (administrators, AUDIT:CREATE holders).
  {
    key: 'auditorAudits',
    path: '/auditor/audits',
    audience: 'auditor',
    alsoFor: ['AUDIT:CREATE'],
    alsoForLabel: 'auditorAuditsPlanning',
    permissions: AUDIT_READ,
  },
  { key: 'faqsView', path: '/faqs-view', audience: 'auditor' },
  { key: 'faqsViewClient', path: '/faqs-view-client', audience: 'client' },
  { key: 'templates', path: '/templates', audience: 'any', permissions: ['TEMPLATES:READ'] },
  { key: 'employees', path: '/employees', audience: 'admin', permissions: ['WORKER:READ'] },
  { key: 'clients', path: '/clients', audience: 'admin' },
  // Service contracts (decision 0083): whoever holds CONTRACT:READ (administrators pass).
  { key: 'contracts', path: '/contracts', audience: 'any', permissions: ['CONTRACT:READ'] },
  { key: 'visitPlans', path: '/visit-plans', audience: 'any', permissions: ['CONTRACT:READ'] },
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
      { key: 'settingsFaqs', path: '/settings/faqs', audience: 'admin' },
    ],
  },
];

describe('the assembled sidebar', () => {
  it('is the same tree, in the same order, as the hand-written one it replaced', () => {
    // Badges and icons are components and elements (the registers' pending counts): compared apart.
    const withoutBadges = (entries: TMenuEntry[]): TMenuEntry[] =>
      entries.map(({ badge: _badge, icon: _icon, children, ...entry }) => (children ? { ...entry, children: withoutBadges(children) } : entry));
    expect(withoutBadges(MENU)).toEqual(EXPECTED_MENU);
    expect(MENU.find((e) => e.key === 'clientRegisters')?.badge).toBeDefined();
    // Every top-level entry brings its icon in its manifest (decision 0076).
    expect(MENU.filter((e) => !e.icon).map((e) => e.key)).toEqual([]);
  });

  it('refuses a key declared twice and a child of an undeclared group', () => {
    const entry = { key: 'x', path: '/x', audience: 'any' as const, order: 1 };
    expect(() =>
      assembleMenu([
        { id: 'a', menu: [entry] },
        { id: 'b', menu: [entry] },
      ]),
    ).toThrow(/declared twice/);
    expect(() => assembleMenu([{ id: 'a', menu: [{ ...entry, parent: 'nowhere' }] }])).toThrow(/not declared/);
  });
});

describe('sidebar visibility', () => {
  it('shows auditors only auditor items', () => {
    // /incidents (order 60) sits between the home and the analytics.
    expect(paths(auditor)).toEqual([AUDITOR_ONLY[0], ...BOTH, ...AUDITOR_ONLY.slice(1), '/templates']);
    expect(groups(auditor)).not.toContain('administration');
  });

  it('shows clients only client items, within their permissions', () => {
    const visible = paths(client);
    for (const path of [...CLIENT_ONLY, ...BOTH]) expect(visible).toContain(path);
    for (const path of [...AUDITOR_ONLY, ...ADMIN_ONLY]) expect(visible).not.toContain(path);
    expect(visible).not.toContain('/users/users'); // USER:MANAGEMENT not held
  });

  it('hides an entry whose permission is missing', () => {
    const noAudits = { ...client, permissions: client.permissions.filter((p) => p !== 'AUDIT:READ') };
    expect(groups(noAudits)).not.toContain('clientAudits');
    const noAnalytics = { ...auditor, permissions: auditor.permissions.filter((p) => p !== 'ANALYTICS:READ') };
    expect(paths(noAnalytics)).not.toContain('/analytics/auditor');
  });

  it('shows /users/users to a client manager but never to an admin', () => {
    expect(paths({ ...client, permissions: [...client.permissions, 'USER:MANAGEMENT'] })).toContain('/users/users');
    expect(paths(admin)).not.toContain('/users/users');
  });

  it('shows admins the client items and the Administration and Settings groups', () => {
    const visible = paths(admin);
    for (const path of [...CLIENT_ONLY, ...ADMIN_ONLY]) expect(visible).toContain(path);
    // The audit list is where the office plans audits (issue 13), the visits calendar where it sees
    // them (issue 26), and registers and their templates are set up by the office (decision 0035): an
    // admin sees those, not the rest.
    const officeWork = ['/calendar', '/auditor/audits', '/registers/management', '/templates/registers'];
    for (const path of AUDITOR_ONLY.filter((p) => !officeWork.includes(p))) expect(visible).not.toContain(path);
    for (const path of officeWork) expect(visible).toContain(path);
    expect(groups(admin)).toEqual(expect.arrayContaining(['administration', 'settings']));
  });

  it('lets an admin auditor see auditor items plus administration', () => {
    const visible = paths({ ...admin, isAuditor: true });
    for (const path of [...AUDITOR_ONLY, ...ADMIN_ONLY]) expect(visible).toContain(path);
    expect(visible).not.toContain('/home/client');
  });

  it('filters register and lab-data children by the access lists, all when unset', () => {
    expect(paths(client).filter((p) => p!.startsWith('/client-registers/'))).toHaveLength(4);
    const limited = { ...client, registersAccess: [{ areaAccess: 'POOL' }], labDataAccess: ['labDataFood'] };
    expect(paths(limited).filter((p) => p!.startsWith('/client-registers/'))).toEqual(['/client-registers/pool']);
    expect(paths(limited).filter((p) => p!.startsWith('/lab-data/'))).toEqual(['/lab-data/food']);
  });

  it('shows /templates to whoever holds TEMPLATES:READ (admins pass)', () => {
    expect(paths(auditor)).toContain('/templates');
    expect(paths(admin)).toContain('/templates');
    expect(paths({ ...admin, isAuditor: true })).toContain('/templates');
    expect(paths(client)).not.toContain('/templates');
    expect(paths({ ...client, permissions: [...client.permissions, 'TEMPLATES:READ'] })).toContain('/templates');
    expect(canOpenPath(client, '/templates/123')).toBe(false);
    expect(canOpenPath(auditor, '/templates/123')).toBe(true);
  });

  it('opens the audit list to administrators and audit planners, not to client users (issue 13)', () => {
    expect(canOpenPath(admin, '/auditor/audits')).toBe(true);
    expect(canOpenPath({ ...client, permissions: [...client.permissions, 'AUDIT:CREATE'] }, '/auditor/audits')).toBe(true);
    expect(canOpenPath(client, '/auditor/audits')).toBe(false);
    expect(canOpenPath(auditor, '/auditor/audits')).toBe(true);
  });

  it('never shows one user two entries of the same name: the planning list is "Planificación" for the office (issue 13)', () => {
    const planner: TMenuUser = { ...client, permissions: [...client.permissions, 'AUDIT:CREATE'] };
    const adminAuditor: TMenuUser = { ...admin, isAuditor: true };
    for (const texts of [all.es, all.en]) {
      // Siblings must differ ("Piscina" may be both a register and a lab-data page, in two groups).
      const siblingGroups = (entries: TMenuEntry[]): TMenuEntry[][] => [entries, ...entries.flatMap((e) => (e.children ? siblingGroups(e.children) : []))];
      const text = (entry: TMenuEntry) =>
        menuLabelKey(entry)
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
      for (const user of [admin, planner, auditor, client, adminAuditor]) {
        for (const siblings of siblingGroups(visibleMenu(user))) {
          const labels = siblings.map(text);
          expect(labels.every((label) => typeof label === 'string')).toBe(true);
          expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
        }
      }
    }
    const planning = (user: TMenuUser) => menuLeaves(visibleMenu(user)).find((e) => e.path === '/auditor/audits')!;
    expect(menuLabelKey(planning(admin))).toBe('menu.auditorAuditsPlanning');
    expect(menuLabelKey(planning(planner))).toBe('menu.auditorAuditsPlanning');
    expect(menuLabelKey(planning(auditor))).toBe('menu.auditorAudits');
  });

  it('refuses opening a hidden path and allows paths outside the menu', () => {
    expect(canOpenPath(client, '/admin/users/123/personal')).toBe(false);
    expect(canOpenPath(admin, '/admin/users/123/personal')).toBe(true);
    expect(canOpenPath(auditor, '/home/client')).toBe(false);
    expect(canOpenPath(client, '/profile')).toBe(true);
  });

  it('keeps clients and every nomenclature page for admins', () => {
    for (const path of ['/clients/123/structure', '/clients/tree-list', '/settings/nomenclatures/payment-type', '/settings/services']) {
      expect(canOpenPath(admin, path)).toBe(true);
      expect(canOpenPath(client, path)).toBe(false);
      expect(canOpenPath(auditor, path)).toBe(false);
    }
  });
});
