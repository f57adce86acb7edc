import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { INCIDENT_STATUSES } from '@audit/domain/incidents';
import { canOpenPath } from '../../app/menu';
import { daysBetween } from '@audit/domain/dates';
import { lastDays } from './homeDays';
import { homeSections, OPEN_INCIDENT_STATUSES, type THomeKind, type THomeUser } from './homeSections';
import { RISK_LEVELS } from '@audit/domain/constants';
import { readAuditsLink, readIncidentsLink, readLabIncidentsLink, readTasksLink, tasksListHref } from '../../manifest/listLinks';

const permissionsOf = (role: string) => DEFAULT_ROLES.find((r) => r.name === role)!.permissions;
const auditor: THomeUser = { isAuditor: true, isAdmin: false, permissions: permissionsOf('auditor') };
const client: THomeUser = { isAuditor: false, isAdmin: false, permissions: permissionsOf('USER') };
const kitchen: THomeUser = { isAuditor: false, isAdmin: false, permissions: permissionsOf('worker') };
const admin: THomeUser = { isAuditor: false, isAdmin: true, permissions: ['ADMIN'] };

const keysOf = (kind: THomeKind, user: THomeUser) => homeSections(kind, user, (path) => canOpenPath(user, path)).map((s) => s.key);

describe('the homes’ sections (decision 0080)', () => {
  it('an auditor sees the audits to run first, then what was finished, incidents, actions and registers; no lab data screen is theirs', () => {
    expect(keysOf('auditor', auditor)).toEqual(['auditsToRun', 'finishedAudits', 'openIncidents', 'overdueTasks', 'pendingRegisters']);
  });

  it('a client sees the figures first, then the lists their role opens', () => {
    expect(keysOf('client', client)).toEqual(['summary', 'finishedAudits', 'openIncidents', 'overdueTasks', 'pendingRegisters', 'labOutOfLimits']);
  });

  it('the kitchen staff (they fill the registers, no dashboard, no lab data) see the registers to fill first', () => {
    expect(keysOf('client', kitchen)).toEqual(['pendingRegisters', 'finishedAudits', 'openIncidents', 'overdueTasks']);
  });

  it('an administrator on the client home sees every section, the figures first', () => {
    expect(keysOf('client', admin)[0]).toBe('summary');
    expect(keysOf('client', admin)).toHaveLength(6);
  });

  it('a section whose list the user may not open is left out, whatever the permission', () => {
    expect(homeSections('client', client, () => false)).toEqual([]);
    const noTasks = homeSections('client', client, (path) => path !== '/tasks').map((s) => s.key);
    expect(noTasks).not.toContain('overdueTasks');
  });

  it('a client limited to the pool registers is sent to the pool list', () => {
    const seeAll = homeSections('client', client, (path) => !path.startsWith('/client-registers/') || path === '/client-registers/pool').find(
      (s) => s.key === 'pendingRegisters',
    )?.seeAll;
    expect(seeAll).toBe('/client-registers/pool');
  });

  it('each "see all" carries the section’s filter, which the list reads back', () => {
    const sections = Object.fromEntries(homeSections('auditor', auditor, () => true).map((s) => [s.key, s.seeAll]));
    const read = (href: string) => new URL(href, 'http://x');
    expect(read(sections.auditsToRun!).pathname).toBe('/auditor/audits');
    expect(readAuditsLink(read(sections.auditsToRun!).searchParams)).toEqual({ status: ['draft', 'accepted', 'running'] });
    expect(readTasksLink(read(sections.overdueTasks!).searchParams, ['open', 'overdue', 'complete', 'all'])).toBe('overdue');
    const incidents = read(sections.openIncidents!);
    expect(incidents.pathname).toBe('/incidents/list/audits');
    expect(readIncidentsLink(incidents.searchParams, RISK_LEVELS, INCIDENT_STATUSES)).toEqual({ status: OPEN_INCIDENT_STATUSES });
    expect(OPEN_INCIDENT_STATUSES).not.toContain('resolved');
    expect(OPEN_INCIDENT_STATUSES).not.toContain('superseded');
  });
});

describe('list links', () => {
  it('leave out empty filters and keep only known values when read back', () => {
    expect(tasksListHref('overdue')).toBe('/tasks?filter=overdue');
    const statuses = ['DRAFT', 'RUNNING', 'SOLVED'] as const;
    expect(readLabIncidentsLink(new URLSearchParams('status=RUNNING&status=bogus&status=SOLVED'), statuses)).toEqual(['RUNNING', 'SOLVED']);
    expect(readLabIncidentsLink(new URLSearchParams(''), statuses)).toEqual([]);
    expect(readTasksLink(new URLSearchParams('filter=bogus'), ['open'])).toBeUndefined();
  });
});

describe('home days', () => {
  it('count whole days late and the last 30 days where the space is', () => {
    expect(daysBetween('2026-11-27', '2026-11-29')).toBe(2);
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // across the clock change
    // 23:30 UTC on 29 November is already 30 November in Madrid.
    expect(lastDays(30, 'Europe/Madrid', new Date('2026-11-29T23:30:00Z'))).toEqual({ from: '2026-10-31', to: '2026-11-30' });
  });
});
