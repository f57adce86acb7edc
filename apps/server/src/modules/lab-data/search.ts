import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { isCalendarDay } from '@audit/domain/dates';
import {
  LAB_CATEGORIES,
  LAB_INCIDENT_STATUSES,
  labCategoriesFor,
  labTransitionsFrom,
  type TLabCategory,
  type TLabIncidentOut,
  type TLabIncidentStatus,
} from '@audit/domain/lab-data';
import type { TSearchBody, TSearchFilter } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { spacesByIds } from '../spaces/service.js';
import { unsafeUserNames } from '../users/service.js';
import { labIncidentPolicy, visibleLabIncidentStatus } from './policy.js';
import * as repo from './repo.js';
import { presentReports } from './service.js';
import { labIncidents, labReports, type TLabIncidentRow } from './tables.js';

/** A day range on a date column: `between [from, to]` (days or months 'YYYY-MM', both included), gte, lte, eq. */
const dayRange =
  (column: typeof labReports.extractionDate | typeof labIncidents.openDate, name: string) =>
  (operator: TSearchFilter['operator'], value: unknown): SQL => {
    const bound = (v: unknown, end: boolean) => {
      const text = typeof v === 'string' ? v : '';
      const month = /^(\d{4})-(\d{2})$/.exec(text);
      if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) {
        const first = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1 + (end ? 1 : 0), 1));
        return first.toISOString().slice(0, 10);
      }
      if (!isCalendarDay(text)) throw invalidData([`filters.${name}`]);
      return end ? new Date(Date.parse(`${text}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : text;
    };
    const [from, to] =
      operator === 'between' && Array.isArray(value) && value.length === 2
        ? value
        : operator === 'eq'
          ? [value, value]
          : operator === 'gte'
            ? [value, null]
            : operator === 'lte'
              ? [null, value]
              : [undefined, undefined];
    if (from === undefined) throw invalidData([`filters.${name}`]);
    const parts: SQL[] = [];
    if (from !== null) parts.push(sql`${column} >= ${bound(from, false)}::date`);
    if (to !== null) parts.push(sql`${column} < ${bound(to, true)}::date`);
    return and(...parts)!;
  };

export const labReportSearch: TSearchDefinition = {
  fields: {
    _id: { column: labReports.id, type: 'uuid' },
    category: { column: labReports.category, type: 'enum', values: LAB_CATEGORIES },
    number: { column: labReports.number, type: 'text' },
    resultCode: { column: labReports.resultCode, type: 'text' },
    qualified: { column: labReports.qualified, type: 'boolean' },
    client: { column: labReports.clientId, type: 'uuid' },
    establishment: { column: labReports.establishmentId, type: 'uuid' },
    area: { column: labReports.areaId, type: 'uuid' },
    extractionDate: { column: labReports.extractionDate, type: 'text', filter: dayRange(labReports.extractionDate, 'extractionDate') },
    score: { column: labReports.score, type: 'number' },
    createdAt: { column: labReports.createdAt, type: 'date' },
  },
  searchColumns: [labReports.number],
  defaultSort: { field: 'extractionDate', direction: 'desc' },
};

/** Only the categories the user's labDataAccess grants (all when it is empty). */
const accessible = (caller: TAuth, column: typeof labReports.category | typeof labIncidents.category) =>
  inArray(column, labCategoriesFor(caller.access.labData) as TLabCategory[]);

/** The lab incidents the caller sees: their space, their labDataAccess, and not DRAFT to a client's user (decision 0061). */
export const visibleLabIncidents = (caller: TAuth) =>
  and(withinScope(labIncidents.secureSpacePath, caller), accessible(caller, labIncidents.category), visibleLabIncidentStatus(caller, labIncidents.status));

/** POST /lab-reports/search: server-paged, within the caller's space and labDataAccess. */
export async function searchReports(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(labReportSearch, body);
  const where = and(withinScope(labReports.secureSpacePath, caller), accessible(caller, labReports.category), q.where);
  return scoped(ctx, caller, async (tx) => {
    const page = await readPageByIds({
      tx,
      table: labReports,
      idColumn: labReports.id,
      where,
      q,
      totals: ctx.totals,
      tables: ['lab_reports'],
      scopePath: caller.spacePath,
    });
    return { items: project(await presentReports(ctx, tx, caller, page.items), body.projections), total: page.total };
  });
}

export const labIncidentSearch: TSearchDefinition = {
  fields: {
    _id: { column: labIncidents.id, type: 'uuid' },
    // The spec's filter sends the statuses uppercase; lowercase is read the same.
    status: {
      column: labIncidents.status,
      type: 'enum',
      values: LAB_INCIDENT_STATUSES,
      filter: (operator, value) => {
        const values = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v.toUpperCase() : v));
        if (!['eq', '$in'].includes(operator) || !values.length || values.some((v) => !LAB_INCIDENT_STATUSES.includes(v as TLabIncidentStatus))) {
          throw invalidData(['filters.status']);
        }
        return inArray(labIncidents.status, values as string[]);
      },
    },
    category: { column: labIncidents.category, type: 'enum', values: LAB_CATEGORIES },
    report: { column: labIncidents.reportId, type: 'uuid' },
    client: { column: labIncidents.clientId, type: 'uuid' },
    establishment: { column: labIncidents.establishmentId, type: 'uuid' },
    parameter: { column: labIncidents.parameter, type: 'text' },
    openDate: { column: labIncidents.openDate, type: 'date' },
    createdAt: { column: labIncidents.createdAt, type: 'date' },
  },
  searchColumns: [labIncidents.parameter],
  defaultSort: { field: 'openDate', direction: 'desc' },
};

export function presentLabIncident(
  caller: TAuth,
  row: TLabIncidentRow,
  numbers: Map<string, string>,
  places: Map<string, string>,
  people: Map<string, string>,
): TLabIncidentOut {
  const may = labIncidentPolicy.can(caller, 'changeStatus', row);
  return {
    _id: row.id,
    status: row.status as TLabIncidentStatus,
    category: row.category as TLabCategory,
    parameter: row.parameter,
    value: row.value,
    unit: row.unit,
    minValue: row.minValue,
    maxValue: row.maxValue,
    report: { _id: row.reportId, number: numbers.get(row.reportId) ?? '' },
    place: (row.establishmentId && places.get(row.establishmentId)) || null,
    openDate: iso(row.openDate)!,
    changedBy: row.changedBy ? { _id: row.changedBy, name: people.get(row.changedBy) ?? '' } : null,
    changedAt: iso(row.changedAt),
    moves: may ? [...labTransitionsFrom(row.status as TLabIncidentStatus)] : [],
    can: { changeStatus: may },
  };
}

/** Report numbers, establishment names and the people who moved them (names read after the transaction). */
export async function namesForIncidents(tx: TDb, caller: TAuth, rows: TLabIncidentRow[]) {
  const numbers = new Map((await repo.reportNumbers(tx, [...new Set(rows.map((r) => r.reportId))])).map((r) => [r.id, r.number]));
  const places = new Map(
    (
      await spacesByIds(
        tx,
        caller,
        rows.flatMap((r) => (r.establishmentId ? [r.establishmentId] : [])),
      )
    ).map((s) => [s.id, s.name]),
  );
  return { numbers, places };
}

/** POST /lab-incidents/search: `/incidents/list/lab-data`, server-paged. */
export async function searchLabIncidents(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(labIncidentSearch, body);
  const where = and(visibleLabIncidents(caller), q.where);
  const page = await scoped(ctx, caller, async (tx) => {
    const result = await readPageByIds({
      tx,
      table: labIncidents,
      idColumn: labIncidents.id,
      where,
      q,
      totals: ctx.totals,
      tables: ['lab_incidents'],
      scopePath: caller.spacePath,
    });
    return { ...result, ...(await namesForIncidents(tx, caller, result.items)) };
  });
  const people = await unsafeUserNames(
    ctx,
    page.items.flatMap((r) => (r.changedBy ? [r.changedBy] : [])),
  );
  return {
    items: project(
      page.items.map((r) => presentLabIncident(caller, r, page.numbers, page.places, people)),
      body.projections,
    ),
    total: page.total,
  };
}
