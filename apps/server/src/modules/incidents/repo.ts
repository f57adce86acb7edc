import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { incidentComments, incidentEvidences, incidentHistory, incidents, incidentTasks, type TIncidentRow, type TIncidentTaskRow } from './tables.js';

/** The queries of the incidents module: the only file (with search.ts) that touches its tables. */

export async function findIncident(tx: TDb, scope: TScope, id: string): Promise<TIncidentRow | undefined> {
  const [row] = await tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.id, id), withinScope(incidents.secureSpacePath, scope)))
    .limit(1);
  return row;
}

/** Locks the incident for the change (two parallel moves never both pass the machine's check). */
export async function lockIncident(tx: TDb, scope: TScope, id: string): Promise<TIncidentRow | undefined> {
  const [row] = await tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.id, id), withinScope(incidents.secureSpacePath, scope)))
    .limit(1)
    .for('update');
  return row;
}

export async function updateIncident(tx: TDb, id: string, values: Partial<typeof incidents.$inferInsert>) {
  const [row] = await tx
    .update(incidents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(incidents.id, id))
    .returning();
  return row!;
}

export async function insertIncidents(tx: TDb, rows: (typeof incidents.$inferInsert)[]) {
  return rows.length ? tx.insert(incidents).values(rows).returning() : [];
}

export const tasksOf = (tx: TDb, incidentIds: string[]) =>
  incidentIds.length
    ? tx.select().from(incidentTasks).where(inArray(incidentTasks.incidentId, incidentIds)).orderBy(asc(incidentTasks.createdAt), asc(incidentTasks.id))
    : Promise.resolve([] as TIncidentTaskRow[]);

export async function findTask(tx: TDb, scope: TScope, id: string, lock = false): Promise<TIncidentTaskRow | undefined> {
  const query = tx
    .select()
    .from(incidentTasks)
    .where(and(eq(incidentTasks.id, id), withinScope(incidentTasks.secureSpacePath, scope)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertTasks(tx: TDb, rows: (typeof incidentTasks.$inferInsert)[]) {
  return rows.length ? tx.insert(incidentTasks).values(rows).returning() : [];
}

export async function updateTask(tx: TDb, id: string, values: Partial<typeof incidentTasks.$inferInsert>) {
  const [row] = await tx
    .update(incidentTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(incidentTasks.id, id))
    .returning();
  return row!;
}

export const deleteTask = (tx: TDb, id: string) => tx.delete(incidentTasks).where(eq(incidentTasks.id, id));

/** Open and total corrective actions of each incident. */
export async function taskCounts(tx: TDb, incidentIds: string[]) {
  if (!incidentIds.length) return new Map<string, { open: number; total: number }>();
  const rows = await tx
    .select({
      incidentId: incidentTasks.incidentId,
      open: sql<number>`count(*) filter (where ${incidentTasks.status} <> 'complete')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(incidentTasks)
    .where(inArray(incidentTasks.incidentId, incidentIds))
    .groupBy(incidentTasks.incidentId);
  return new Map(rows.map((r) => [r.incidentId, { open: r.open, total: r.total }]));
}

export const evidencesOf = (tx: TDb, incidentId: string) =>
  tx.select().from(incidentEvidences).where(eq(incidentEvidences.incidentId, incidentId)).orderBy(asc(incidentEvidences.createdAt), asc(incidentEvidences.id));

export async function insertEvidences(tx: TDb, rows: (typeof incidentEvidences.$inferInsert)[]) {
  return rows.length ? tx.insert(incidentEvidences).values(rows).returning() : [];
}

export async function deleteEvidence(tx: TDb, incidentId: string, id: string) {
  const [row] = await tx
    .delete(incidentEvidences)
    .where(and(eq(incidentEvidences.id, id), eq(incidentEvidences.incidentId, incidentId)))
    .returning();
  return row;
}

export const commentsOf = (tx: TDb, incidentId: string) =>
  tx.select().from(incidentComments).where(eq(incidentComments.incidentId, incidentId)).orderBy(asc(incidentComments.createdAt), asc(incidentComments.id));

export async function findComment(tx: TDb, incidentId: string, id: string) {
  const [row] = await tx
    .select()
    .from(incidentComments)
    .where(and(eq(incidentComments.id, id), eq(incidentComments.incidentId, incidentId)))
    .limit(1);
  return row;
}

export async function insertComment(tx: TDb, row: typeof incidentComments.$inferInsert) {
  const [created] = await tx.insert(incidentComments).values(row).returning();
  return created!;
}

export async function updateComment(tx: TDb, id: string, text: string) {
  const [row] = await tx.update(incidentComments).set({ text, updatedAt: new Date() }).where(eq(incidentComments.id, id)).returning();
  return row!;
}

export const deleteComment = (tx: TDb, id: string) => tx.delete(incidentComments).where(eq(incidentComments.id, id));

export async function insertHistory(tx: TDb, rows: (typeof incidentHistory.$inferInsert)[]) {
  if (rows.length) await tx.insert(incidentHistory).values(rows);
}

export const historyOf = (tx: TDb, incidentId: string) =>
  tx.select().from(incidentHistory).where(eq(incidentHistory.incidentId, incidentId)).orderBy(desc(incidentHistory.createdAt), desc(incidentHistory.id));

/** The audit's incidents not yet superseded, locked: its reopen supersedes them (decision 0063). */
export const liveIncidentsOfAudit = (tx: TDb, auditId: string) =>
  tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.auditId, auditId), sql`${incidents.status} <> 'superseded'`))
    .orderBy(asc(incidents.createdAt), asc(incidents.id))
    .for('update');

/** The incidents a reopen of the audit superseded that no later finish has taken the place of yet. */
export const awaitingSuccessor = (tx: TDb, auditId: string) =>
  tx
    .select()
    .from(incidents)
    .where(
      and(
        eq(incidents.auditId, auditId),
        eq(incidents.status, 'superseded'),
        eq(incidents.supersededReason, 'reopen'),
        isNull(incidents.supersededByIncidentId),
      ),
    )
    .orderBy(asc(incidents.createdAt), asc(incidents.id));

/** Incidents named on a detail (the one that took this one's place), in the caller's scope. */
export const incidentsByIds = (tx: TDb, scope: TScope, ids: string[]) =>
  ids.length
    ? tx
        .select()
        .from(incidents)
        .where(and(inArray(incidents.id, ids), withinScope(incidents.secureSpacePath, scope)))
    : Promise.resolve([]);

/** The incidents `id` took the place of, in the caller's scope, oldest first. */
export const supersededByIncident = (tx: TDb, scope: TScope, id: string) =>
  tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.supersededByIncidentId, id), withinScope(incidents.secureSpacePath, scope)))
    .orderBy(asc(incidents.openDate), asc(incidents.id));

/** Which of these stored files an incident's photo (or its marked copy) still holds: those are kept. */
export async function filesHeld(tx: TDb, fileIds: string[]) {
  if (!fileIds.length) return new Set<string>();
  const rows = await tx
    .select({ fileId: incidentEvidences.fileId, annotatedFileId: incidentEvidences.annotatedFileId })
    .from(incidentEvidences)
    .where(or(inArray(incidentEvidences.fileId, fileIds), inArray(incidentEvidences.annotatedFileId, fileIds)));
  return new Set(rows.flatMap((r) => [r.fileId, r.annotatedFileId]).filter((id): id is string => !!id));
}

/** Open audit incidents of an establishment raised from the same incidences (superseded by a newer audit). */
export async function openIncidentsOfIncidences(tx: TDb, establishmentId: string, templateIssueIds: string[], exceptAudit: string) {
  if (!templateIssueIds.length) return [];
  return tx
    .select()
    .from(incidents)
    .where(
      and(
        eq(incidents.kind, 'audits'),
        eq(incidents.establishmentId, establishmentId),
        inArray(incidents.templateIssueId, templateIssueIds),
        sql`${incidents.auditId} <> ${exceptAudit}`,
        sql`${incidents.status} not in ('resolved', 'solvedInPlace', 'superseded')`,
      ),
    );
}

export async function incidentsOfQuestion(tx: TDb, scope: TScope, auditId: string, questionId: string) {
  return tx
    .select()
    .from(incidents)
    .where(
      and(
        withinScope(incidents.secureSpacePath, scope),
        eq(incidents.auditId, auditId),
        eq(incidents.questionId, questionId),
        // Those of an earlier finish, superseded when the audit was reopened, are not the question's now.
        sql`${incidents.supersededReason} is distinct from 'reopen'`,
      ),
    )
    .orderBy(asc(incidents.createdAt), asc(incidents.id));
}

export const where = (...parts: (SQL | undefined)[]) => and(...parts);

export const incidentsOfSource = (tx: TDb, sourceId: string) =>
  tx.select({ id: incidents.id }).from(incidents).where(eq(incidents.sourceId, sourceId)).limit(1);

/**
 * Open actions that have had `sent` reminders and whose reminder day has come: due `daysAfterDue`
 * days or more before the reminder day of their space, which turns at 08:00 in the space's time
 * zone (space_time_zone, decision 0094), so each space is reminded in its own morning. Every
 * tenant: the scheduled job's reviewed unscoped read, with their incident.
 */
export function unsafeTasksToRemind(tx: TDb, sent: number, daysAfterDue: number, now: Date) {
  const reminderDay = sql`((${now.toISOString()}::timestamptz at time zone space_time_zone(${incidents.secureSpacePath})) - interval '8 hours')::date`;
  return tx
    .select({ task: incidentTasks, incident: incidents })
    .from(incidentTasks)
    .innerJoin(incidents, eq(incidents.id, incidentTasks.incidentId))
    .where(
      and(
        sql`${incidentTasks.status} <> 'complete'`,
        eq(incidentTasks.remindersSent, sent),
        sql`${incidentTasks.dueDate} <= ${reminderDay} - ${daysAfterDue}::int`,
        sql`${incidents.status} not in ('resolved', 'solvedInPlace', 'superseded')`,
      ),
    )
    .limit(1000);
}

export const unsafeMarkReminded = (tx: TDb, id: string, stage: number) =>
  tx.update(incidentTasks).set({ remindersSent: stage }).where(eq(incidentTasks.id, id));

/**
 * Audit incidents escalated to the client on which nothing has been recorded since `quietSince`
 * (the escalation itself is a record, so it is older too): the no-response timer's candidates,
 * every tenant (the scheduled job), locked and skipped when another run holds them.
 */
export function unsafeSilentEscalated(tx: TDb, quietSince: Date) {
  return tx
    .select()
    .from(incidents)
    .where(
      and(
        eq(incidents.kind, 'audits'),
        eq(incidents.status, 'escalated_to_client'),
        sql`not exists (select 1 from ${incidentHistory} h where h.incident_id = ${incidents.id} and h.created_at > ${quietSince})`,
      ),
    )
    .limit(500)
    .for('update', { skipLocked: true });
}
