import { and, sql, type SQL } from 'drizzle-orm';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import { labCategoriesFor } from '@audit/domain/lab-data';
import type { TAuth } from '../../platform/auth.js';

/**
 * The filter body as SQL predicates over the rows the statistics read (decision 0078), always with
 * the caller's own limits: their space and below (the same `starts_with` as every list; row
 * security checks it again) and, when they carry one, their services access list. An id of another
 * tenant or outside the caller's access simply matches nothing.
 */
const anyOf = (column: SQL, ids: readonly string[] | undefined, type = 'uuid') =>
  ids?.length ? sql`${column} = any(${`{${ids.join(',')}}`}::${sql.raw(type)}[])` : undefined;

/** A text list as a Postgres array literal (each value quoted, so commas and quotes stay inside). */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const anyText = (column: SQL, values: readonly string[] | undefined) => (values?.length ? sql`${column} = any(${textArray(values)}::text[])` : undefined);

const between = (column: SQL, f: TStatisticsFilter) =>
  and(f.from ? sql`${column} >= ${f.from}::date` : undefined, f.to ? sql`${column} < ${f.to}::date + 1` : undefined);

/**
 * The same for a timestamptz column: the days' bounds turned into instants first, as the comparison
 * of a timestamptz with a date turns them (in the session's time zone). Compared with a date, the
 * column's predicate is not leakproof, so under row security it is no index condition (decision 0095).
 */
const betweenInstants = (column: SQL, f: TStatisticsFilter) =>
  and(f.from ? sql`${column} >= ${f.from}::date::timestamptz` : undefined, f.to ? sql`${column} < (${f.to}::date + 1)::timestamptz` : undefined);

const inCategories = (templateColumn: SQL, categories: readonly string[] | undefined) =>
  categories?.length ? sql`${templateColumn} in (select t.id from audit_templates t where ${anyOf(sql`t.category_id`, categories)})` : undefined;

/** The caller's services access list (empty: every service). */
const servicesOf = (caller: TAuth) => (caller.access.services.length ? caller.access.services : undefined);

/** Finished audits (alias `a`) the caller sees, within the filter. */
export function auditWhere(caller: TAuth, f: TStatisticsFilter): SQL {
  return and(
    sql`starts_with(a.secure_space_path, ${caller.spacePath})`,
    sql`a.status = 'finished'`,
    betweenInstants(sql`a.start_date`, f),
    anyOf(sql`a.client_id`, f.clients),
    anyOf(sql`a.establishment_id`, f.establishments),
    anyOf(sql`a.service_id`, f.services),
    anyOf(sql`a.service_id`, servicesOf(caller)),
    anyOf(sql`a.template_id`, f.templates),
    inCategories(sql`a.template_id`, f.categories),
    anyText(sql`a.recalculated_risk`, f.auditRisks),
    // Audits are made per establishment: an area filter keeps the audits of the areas' establishments.
    f.areas?.length ? sql`a.establishment_id in (select s.parent_id from spaces s where ${anyOf(sql`s.id`, f.areas)})` : undefined,
  )!;
}

/**
 * Audit incidents (alias `i`) the caller sees, within the filter. Superseded ones are history, not
 * counted, except where a finding's recurrence is the point (repeat findings, decision 0081): an
 * incident superseded by a newer audit's is the evidence that it came back.
 */
export function incidentWhere(caller: TAuth, f: TStatisticsFilter, withSuperseded = false): SQL {
  const services = [f.services, servicesOf(caller)].filter((s): s is string[] => !!s?.length);
  return and(
    sql`starts_with(i.secure_space_path, ${caller.spacePath})`,
    withSuperseded ? sql`i.kind = 'audits'` : sql`i.kind = 'audits' and i.status <> 'superseded'`,
    betweenInstants(sql`i.audit_date`, f),
    anyOf(sql`i.client_id`, f.clients),
    anyOf(sql`i.establishment_id`, f.establishments),
    anyOf(sql`i.area_id`, f.areas),
    anyOf(sql`i.template_id`, f.templates),
    inCategories(sql`i.template_id`, f.categories),
    anyText(sql`i.risk_level`, f.riskLevels),
    ...services.map((ids) => sql`i.audit_id in (select a.id from audits a where ${anyOf(sql`a.service_id`, ids)})`),
  )!;
}

/** The registers (table `registers`) whose takes the filter keeps: its clients, templates, categories, area accesses. */
export function registerFilter(f: TStatisticsFilter): SQL | undefined {
  return and(
    anyOf(sql`registers.client_id`, f.clients),
    anyOf(sql`registers.template_id`, f.templates),
    anyOf(sql`registers.category_id`, f.categories),
    anyText(sql`registers.area_access`, f.areaAccess),
  );
}

/** The facilities (spaces, alias `fac`) whose takes the filter keeps: its establishments' and its areas. */
export function facilityFilter(f: TStatisticsFilter): SQL | undefined {
  return and(anyOf(sql`fac.parent_id`, f.establishments), anyOf(sql`fac.id`, f.areas));
}

/**
 * Lab reports (alias `r`) the caller sees, within the filter (decision 0081): their space, the lab
 * categories their labDataAccess grants, the extraction day in range, clients, establishments and
 * areas (the measuring point). The other lists name what a lab report does not have and are ignored.
 */
export function labReportWhere(caller: TAuth, f: TStatisticsFilter): SQL {
  return and(
    sql`starts_with(r.secure_space_path, ${caller.spacePath})`,
    anyText(sql`r.category`, labCategoriesFor(caller.access.labData)),
    between(sql`r.extraction_date`, f),
    anyOf(sql`r.client_id`, f.clients),
    anyOf(sql`r.establishment_id`, f.establishments),
    anyOf(sql`r.area_id`, f.areas),
  )!;
}
