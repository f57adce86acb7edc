import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { INCIDENT_KINDS, INCIDENT_STATUSES, statusFilterParts, TASK_PRIORITIES, TASK_STATUSES, type TIncidentTaskOut } from '@audit/domain/incidents';
import type { TSearchBody, TSearchFilter } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { spaceDays, type TSpaceDays } from '../spaces/days.js';
import { namesOf, presentIncident, presentTask } from './present.js';
import * as repo from './repo.js';
import { incidents, incidentTasks } from './tables.js';

/**
 * Under an audit-month filter and another order (the open date, newest first), up to this many
 * matches are sorted rather than found by walking the sort's index (decision 0052): the months
 * follow the open date, so the matches sit together far along the index, where the walk reads most
 * of the table to reach them. Other filters spread along the index, and the walk is the faster.
 */
const SORT_MATCHES_BELOW = 20_000;

const RISKS = ['high', 'medium', 'low', 'infrastructure', 'IE', 'P1'] as const;

/** §4's status filter: `resolved` not solved in place, `solvedInPlace` alone solved in place, OR'ed. */
function statusFilter(operator: TSearchFilter['operator'], value: unknown): SQL {
  const values = Array.isArray(value) ? value : [value];
  if (!['eq', '$in'].includes(operator) || !values.length || values.some((v) => typeof v !== 'string' || ![...INCIDENT_STATUSES, 'solved'].includes(v))) {
    throw invalidData(['filters.status']);
  }
  const parts = statusFilterParts(values as string[]);
  const any: SQL[] = [];
  if (parts.statuses.length) any.push(inArray(incidents.status, parts.statuses));
  if (parts.resolved) any.push(and(eq(incidents.status, 'resolved'), eq(incidents.solvedInPlace, false))!);
  if (parts.solvedInPlace) any.push(eq(incidents.solvedInPlace, true));
  return or(...any)!;
}

/** A month 'YYYY-MM' (or a day) → its first instant; `end` → the first instant after it. */
function monthBound(value: unknown, end: boolean): Date {
  const text = typeof value === 'string' ? value : '';
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (month) return new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1 + (end ? 1 : 0), 1));
  const day = new Date(text);
  if (!text || Number.isNaN(day.getTime())) throw invalidData(['filters.auditDate']);
  return end ? new Date(day.getTime() + 86_400_000) : day;
}

/** The calls document's month range on the audit date: [from, to] months, both included. */
function auditDateFilter(operator: TSearchFilter['operator'], value: unknown): SQL {
  const [from, to] = Array.isArray(value) && value.length === 2 ? value : operator === 'eq' ? [value, value] : [];
  if (from === undefined) throw invalidData(['filters.auditDate']);
  return sql`${incidents.auditDate} >= ${monthBound(from, false)} and ${incidents.auditDate} < ${monthBound(to, true)}`;
}

export const incidentSearch: TSearchDefinition = {
  fields: {
    _id: { column: incidents.id, type: 'uuid' },
    kind: { column: incidents.kind, type: 'enum', values: INCIDENT_KINDS },
    status: { column: incidents.status, type: 'enum', values: INCIDENT_STATUSES, filter: statusFilter },
    riskLevel: { column: incidents.riskLevel, type: 'enum', values: RISKS },
    priority: { column: incidents.priority, type: 'enum', values: TASK_PRIORITIES },
    client: { column: incidents.clientId, type: 'uuid' },
    establishment: { column: incidents.establishmentId, type: 'uuid' },
    area: { column: incidents.areaId, type: 'uuid' },
    responsible: { column: incidents.responsibleId, type: 'uuid' },
    template: { column: incidents.templateId, type: 'uuid' },
    audit: { column: incidents.auditId, type: 'uuid' },
    auditDate: { column: incidents.auditDate, type: 'date', filter: auditDateFilter },
    openDate: { column: incidents.openDate, type: 'date' },
    name: { column: incidents.name, type: 'text' },
    createdAt: { column: incidents.createdAt, type: 'date' },
  },
  // Matched by ids (list_match_incidents, migration 0037, decision 0052): under RLS an ILIKE cannot use the trigram index; an id can.
  searchColumns: [(pattern: string) => sql`${incidents.id} = any(array(select list_match_incidents(${pattern})))`],
  defaultSort: { field: 'openDate', direction: 'desc' },
  // Audit months with no sort asked: newest audit first (decision 0056), which the (kind, audit_date, id) index walks to the range.
  sortWhenFiltered: ['auditDate'],
};

/**
 * The list's own conditions beside the body's filters: one kind (audits unless a `kind` filter says
 * otherwise), and no superseded incident unless a status filter asks for it (decision 0063: a
 * superseded incident is a record, not an open one; it is found by its status).
 */
export function listDefaults(body: TSearchBody) {
  const kind = body.filters.some((f) => f.field === 'kind') ? undefined : eq(incidents.kind, 'audits');
  const live = body.filters.some((f) => f.field === 'status') ? undefined : ne(incidents.status, 'superseded');
  return and(kind, live);
}

/** POST /issues/search-issues: one kind's list, server-paged (listDefaults). */
export async function searchIncidents(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(incidentSearch, body);
  const where = and(withinScope(incidents.secureSpacePath, caller), listDefaults(body), q.where);
  const monthsFollowOrder = body.filters.some((f) => f.field === 'auditDate') && q.sort.column !== incidents.auditDate;
  const page = await scoped(ctx, caller, async (tx) => {
    const result = await readPageByIds({
      tx,
      table: incidents,
      idColumn: incidents.id,
      where,
      q,
      totals: ctx.totals,
      tables: ['incidents'],
      scopePath: caller.spacePath,
      // Audit months under another date's order: the matches sit at one end of the sort index; up to this many are sorted, not walked.
      sortMatchesBelow: monthsFollowOrder ? SORT_MATCHES_BELOW : undefined,
    });
    return {
      ...result,
      counts: await repo.taskCounts(
        tx,
        result.items.map((r) => r.id),
      ),
    };
  });
  const names = await namesOf(
    ctx,
    page.items.map((r) => r.responsibleId),
  );
  return {
    items: project(
      page.items.map((r) => presentIncident(caller, r, page.counts.get(r.id), names)),
      body.projections,
    ),
    total: page.total,
  };
}

/**
 * The task filters on dates, and the date each filters: creation and due date follow each other, so
 * under the other date's order up to SORT_MATCHES_BELOW matches are sorted, not walked (decision 0056).
 */
const TASK_DATE_FILTERS: Record<string, unknown> = { dueDate: incidentTasks.dueDate, overdue: incidentTasks.dueDate, createdAt: incidentTasks.createdAt };

/** The action's incident is superseded (the (kind, status) index finds the few superseded incidents). */
const ofSupersededIncident = sql`exists (select 1 from ${incidents} si where si.id = ${incidentTasks.incidentId} and si.kind = 'audits' and si.status = 'superseded')`;

/**
 * The tasks list's search for one call: its `overdue` filter counts days in each action's space,
 * against today as `days` has it (decision 0094; the same day the rows' `overdue` flag reads).
 */
export const taskSearchOf = (days: TSpaceDays): TSearchDefinition => ({
  fields: {
    _id: { column: incidentTasks.id, type: 'uuid' },
    status: { column: incidentTasks.status, type: 'enum', values: TASK_STATUSES },
    priority: { column: incidentTasks.priority, type: 'enum', values: TASK_PRIORITIES },
    responsible: { column: incidentTasks.responsibleId, type: 'uuid' },
    incident: { column: incidentTasks.incidentId, type: 'uuid' },
    dueDate: { column: incidentTasks.dueDate, type: 'text' },
    // Overdue (present.ts isOverdue): not complete, due before today in its space, and its incident
    // not superseded (a record, no longer worked; decision 0063).
    overdue: {
      column: incidentTasks.dueDate,
      type: 'boolean',
      filter: (_op, value) => {
        const late = days.beforeToday(incidentTasks.dueDate, incidentTasks.secureSpacePath);
        return value === true || value === 'true'
          ? sql`(${incidentTasks.status} <> 'complete' and ${late} and not ${ofSupersededIncident})`
          : sql`not (${incidentTasks.status} <> 'complete' and coalesce(${late}, false) and not ${ofSupersededIncident})`;
      },
    },
    // The actions of superseded incidents (true) or of the others (false): the open actions' view leaves the former out.
    supersededIncident: {
      column: incidentTasks.incidentId,
      type: 'boolean',
      filter: (_op, value) => (value === true || value === 'true' ? ofSupersededIncident : sql`not ${ofSupersededIncident}`),
    },
    name: { column: incidentTasks.name, type: 'text' },
    createdAt: { column: incidentTasks.createdAt, type: 'date' },
  },
  // Matched by ids (list_match_incident_tasks, migration 0039, decision 0056): under RLS an ILIKE cannot use the trigram index; an id can.
  searchColumns: [(pattern: string) => sql`${incidentTasks.id} = any(array(select list_match_incident_tasks(${pattern})))`],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  // A due-date range with no sort asked: latest due first, which the (due_date, id) index walks to the range.
  sortWhenFiltered: ['dueDate'],
});

/** The tasks list's rows for a body: its search (filters, free text, order) within the caller's scope; the list and its Excel read both. */
export function taskListQuery(caller: TAuth, body: TSearchBody, days: TSpaceDays) {
  const q = buildSearch(taskSearchOf(days), body);
  return { q, where: and(withinScope(incidentTasks.secureSpacePath, caller), q.where) };
}

/** POST /tasks/search: the corrective actions of the caller's scope (`/tasks`), server-paged, the total kept (decision 0056). */
export async function searchTasks(ctx: TModuleContext, caller: TAuth, body: TSearchBody): Promise<{ items: Partial<TIncidentTaskOut>[]; total: number }> {
  const page = await scoped(ctx, caller, async (tx) => {
    const days = await spaceDays(tx, caller.spacePath);
    const { q, where } = taskListQuery(caller, body, days);
    const datesFollowOrder = body.filters.some((f) => Object.hasOwn(TASK_DATE_FILTERS, f.field) && TASK_DATE_FILTERS[f.field] !== q.sort.column);
    const read = await readPageByIds({
      tx,
      table: incidentTasks,
      idColumn: incidentTasks.id,
      where,
      q,
      totals: ctx.totals,
      tables: ['incident_tasks'],
      scopePath: caller.spacePath,
      sortMatchesBelow: datesFollowOrder ? SORT_MATCHES_BELOW : undefined,
      // The incident's name joined to the page's ids only.
      rows: (ids, orderBy) =>
        tx
          .select({ task: incidentTasks, incidentName: incidents.name, incidentStatus: incidents.status })
          .from(incidentTasks)
          .innerJoin(incidents, eq(incidents.id, incidentTasks.incidentId))
          .where(inArray(incidentTasks.id, ids))
          .orderBy(...orderBy),
    });
    return { ...read, days };
  });
  const names = await namesOf(
    ctx,
    page.items.flatMap((r) => [r.task.responsibleId, r.task.completedBy, r.task.verifiedBy]),
  );
  return {
    items: project(
      page.items.map((r) => presentTask(ctx, caller, r.task, names, [], { name: r.incidentName, status: r.incidentStatus }, page.days)),
      body.projections,
    ),
    total: page.total,
  };
}
