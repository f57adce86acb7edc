import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { visibleLabIncidentStatus, type TLabReader } from './policy.js';
import { labIncidentHistory, labIncidents, labReports, labResults, type TLabIncidentRow, type TLabReportRow } from './tables.js';

/** The queries of the lab-data module: the only file (with search.ts) that touches its tables. */

export async function findReport(tx: TDb, scope: TScope, id: string, lock = false): Promise<TLabReportRow | undefined> {
  const q = tx
    .select()
    .from(labReports)
    .where(and(eq(labReports.id, id), withinScope(labReports.secureSpacePath, scope)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export const insertReports = (tx: TDb, rows: (typeof labReports.$inferInsert)[]) =>
  rows.length ? tx.insert(labReports).values(rows).returning() : Promise.resolve([]);

export async function updateReport(tx: TDb, id: string, values: Partial<typeof labReports.$inferInsert>) {
  const [row] = await tx
    .update(labReports)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(labReports.id, id))
    .returning();
  return row!;
}

export const deleteReport = (tx: TDb, id: string) => tx.delete(labReports).where(eq(labReports.id, id));

export const resultsOf = (tx: TDb, reportIds: string[]) =>
  reportIds.length
    ? tx.select().from(labResults).where(inArray(labResults.reportId, reportIds)).orderBy(asc(labResults.reportId), asc(labResults.position))
    : Promise.resolve([]);

export async function replaceResults(
  tx: TDb,
  report: Pick<TLabReportRow, 'id' | 'spaceId' | 'secureSpacePath'>,
  rows: Omit<typeof labResults.$inferInsert, 'reportId' | 'spaceId' | 'secureSpacePath'>[],
) {
  await tx.delete(labResults).where(eq(labResults.reportId, report.id));
  if (!rows.length) return [];
  return tx
    .insert(labResults)
    .values(rows.map((r) => ({ ...r, reportId: report.id, spaceId: report.spaceId, secureSpacePath: report.secureSpacePath })))
    .returning();
}

/** Moves a report's results and incidents with it when its measuring point changes. */
export async function movePlace(tx: TDb, reportId: string, place: { spaceId: string; secureSpacePath: string }) {
  await tx.update(labResults).set(place).where(eq(labResults.reportId, reportId));
  await tx.update(labIncidents).set(place).where(eq(labIncidents.reportId, reportId));
  await tx
    .update(labIncidentHistory)
    .set(place)
    .where(inArray(labIncidentHistory.labIncidentId, tx.select({ id: labIncidents.id }).from(labIncidents).where(eq(labIncidents.reportId, reportId))));
}

/** Parameters of the report with an incident not yet SOLVED (one open incident per parameter). */
export async function openIncidentParameters(tx: TDb, reportId: string) {
  const rows = await tx
    .select({ parameter: labIncidents.parameter })
    .from(labIncidents)
    .where(and(eq(labIncidents.reportId, reportId), ne(labIncidents.status, 'SOLVED')));
  return new Set(rows.map((r) => r.parameter));
}

export const insertIncidents = (tx: TDb, rows: (typeof labIncidents.$inferInsert)[]) =>
  rows.length ? tx.insert(labIncidents).values(rows).returning() : Promise.resolve([]);

/** Per report, its incidents not yet SOLVED that `who` sees (a client's user: not the DRAFT ones, decision 0061). */
export async function openIncidentCounts(tx: TDb, who: TLabReader, reportIds: string[]) {
  if (!reportIds.length) return new Map<string, number>();
  const rows = await tx
    .select({ reportId: labIncidents.reportId, open: sql<number>`count(*)::int` })
    .from(labIncidents)
    .where(and(inArray(labIncidents.reportId, reportIds), ne(labIncidents.status, 'SOLVED'), visibleLabIncidentStatus(who, labIncidents.status)))
    .groupBy(labIncidents.reportId);
  return new Map(rows.map((r) => [r.reportId, r.open]));
}

/** The lab incident if the caller sees it: in their scope, and not DRAFT to a client's user (decision 0061). */
export async function findIncident(tx: TDb, scope: TScope & TLabReader, id: string, lock = false): Promise<TLabIncidentRow | undefined> {
  const q = tx
    .select()
    .from(labIncidents)
    .where(and(eq(labIncidents.id, id), withinScope(labIncidents.secureSpacePath, scope), visibleLabIncidentStatus(scope, labIncidents.status)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateIncident(tx: TDb, id: string, values: Partial<typeof labIncidents.$inferInsert>) {
  const [row] = await tx
    .update(labIncidents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(labIncidents.id, id))
    .returning();
  return row!;
}

export async function insertHistory(tx: TDb, rows: (typeof labIncidentHistory.$inferInsert)[]) {
  if (rows.length) await tx.insert(labIncidentHistory).values(rows);
}

/** A lab incident's history, newest first (decision 0058). */
export const historyOf = (tx: TDb, labIncidentId: string) =>
  tx
    .select()
    .from(labIncidentHistory)
    .where(eq(labIncidentHistory.labIncidentId, labIncidentId))
    .orderBy(desc(labIncidentHistory.createdAt), desc(labIncidentHistory.id));

/** Report numbers already used in an establishment's category (the import's duplicate check). */
export async function existingNumbers(tx: TDb, establishmentId: string, category: string, numbers: string[]) {
  if (!numbers.length) return new Set<string>();
  const rows = await tx
    .select({ number: labReports.number })
    .from(labReports)
    .where(and(eq(labReports.establishmentId, establishmentId), eq(labReports.category, category), inArray(labReports.number, numbers)));
  return new Set(rows.map((r) => r.number));
}

export const reportNumbers = (tx: TDb, ids: string[]) =>
  ids.length ? tx.select({ id: labReports.id, number: labReports.number }).from(labReports).where(inArray(labReports.id, ids)) : Promise.resolve([]);
