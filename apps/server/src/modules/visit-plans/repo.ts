import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { plannedVisits, type TPlannedVisitRow } from './tables.js';

/** The queries of the visit plan: the only file that touches its table. */

export type TPlannedVisitInsert = typeof plannedVisits.$inferInsert;

/** The contract's slots for a year, locked: generating again reads them under the contract's own lock. */
export const slotsOf = (tx: TDb, scope: TScope, contractId: string, year: number) =>
  tx
    .select()
    .from(plannedVisits)
    .where(and(eq(plannedVisits.contractId, contractId), eq(plannedVisits.year, year), withinScope(plannedVisits.secureSpacePath, scope)))
    .for('update');

/** The slots of several contracts for a year, locked (the batch generate, under its contracts' locks). */
export const slotsOfContracts = (tx: TDb, scope: TScope, contractIds: string[], year: number) =>
  contractIds.length
    ? tx
        .select()
        .from(plannedVisits)
        .where(and(inArray(plannedVisits.contractId, contractIds), eq(plannedVisits.year, year), withinScope(plannedVisits.secureSpacePath, scope)))
        .for('update')
    : Promise.resolve([]);

/** New slots; a slot already there (a parallel generate) is left as it is. */
export async function insertSlots(tx: TDb, rows: TPlannedVisitInsert[]) {
  let created = 0;
  // In batches: a contract of many establishments and lines stays under the driver's parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    const done = await tx
      .insert(plannedVisits)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({
        target: [plannedVisits.contractId, plannedVisits.establishmentId, plannedVisits.serviceId, plannedVisits.year, plannedVisits.seq],
      })
      .returning({ id: plannedVisits.id });
    created += done.length;
  }
  return created;
}

/** Untouched proposals placed again: one statement for all of them. */
export async function replaceDates(tx: TDb, moves: { id: string; date: string | null }[]) {
  if (!moves.length) return;
  const values = sql.join(
    moves.map((m) => sql`(${m.id}::uuid, ${m.date}::date)`),
    sql`, `,
  );
  await tx.execute(
    sql`update planned_visits p set planned_date = v.d, date = v.d, updated_at = now() from (values ${values}) as v(id, d) where p.id = v.id and p.status = 'PROPOSED'`,
  );
}

export const deleteSlots = (tx: TDb, ids: string[]) => (ids.length ? tx.delete(plannedVisits).where(inArray(plannedVisits.id, ids)) : Promise.resolve());

export async function findVisits(tx: TDb, scope: TScope, ids: string[], lock = false): Promise<TPlannedVisitRow[]> {
  if (!ids.length) return [];
  const q = tx
    .select()
    .from(plannedVisits)
    .where(and(inArray(plannedVisits.id, ids), withinScope(plannedVisits.secureSpacePath, scope)))
    .orderBy(asc(plannedVisits.id));
  return lock ? q.for('update') : q;
}

/** A client's visits of a year (optionally one contract's), by day. */
export const visitsOf = (tx: TDb, scope: TScope, clientId: string, year: number, contractId?: string) =>
  tx
    .select()
    .from(plannedVisits)
    .where(
      and(
        eq(plannedVisits.clientId, clientId),
        eq(plannedVisits.year, year),
        contractId ? eq(plannedVisits.contractId, contractId) : undefined,
        withinScope(plannedVisits.secureSpacePath, scope),
      ),
    )
    .orderBy(sql`${plannedVisits.date} asc nulls last`, asc(plannedVisits.serviceName), asc(plannedVisits.seq))
    .limit(5000);

/** Counts per contract of a year: proposed, confirmed, and those of them whose day has passed. */
export const countsOf = (tx: TDb, scope: TScope, year: number, today: string) =>
  tx
    .select({
      contractId: plannedVisits.contractId,
      clientId: plannedVisits.clientId,
      proposed: sql<number>`count(*) filter (where ${plannedVisits.status} = 'PROPOSED')::int`,
      confirmed: sql<number>`count(*) filter (where ${plannedVisits.status} = 'CONFIRMED')::int`,
      due: sql<number>`count(*) filter (where ${plannedVisits.status} <> 'DROPPED' and ${plannedVisits.date} < ${today}::date)::int`,
      any: sql<number>`count(*)::int`,
    })
    .from(plannedVisits)
    .where(and(eq(plannedVisits.year, year), withinScope(plannedVisits.secureSpacePath, scope)))
    .groupBy(plannedVisits.contractId, plannedVisits.clientId);

export async function updateVisit(tx: TDb, id: string, values: Partial<TPlannedVisitInsert>) {
  const [row] = await tx
    .update(plannedVisits)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plannedVisits.id, id))
    .returning();
  return row!;
}
