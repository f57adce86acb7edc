import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { serviceContractLines, serviceContracts, type TServiceContractRow } from './tables.js';

/** The queries of the contracts module: the only file (with search.ts) that touches its tables. */

export async function findContract(tx: TDb, scope: TScope, id: string, lock = false): Promise<TServiceContractRow | undefined> {
  const q = tx
    .select()
    .from(serviceContracts)
    .where(and(eq(serviceContracts.id, id), withinScope(serviceContracts.secureSpacePath, scope)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * The ACTIVE contracts in force some day of [from, to], locked in id order (two batch generates at
 * once take the locks in the same order: the second waits, it never deadlocks).
 */
export const lockActiveContracts = (tx: TDb, scope: TScope, period: { from: string; to: string }) =>
  tx
    .select()
    .from(serviceContracts)
    .where(
      and(
        eq(serviceContracts.status, 'ACTIVE'),
        lte(serviceContracts.startDate, period.to),
        or(isNull(serviceContracts.endDate), gte(serviceContracts.endDate, period.from)),
        withinScope(serviceContracts.secureSpacePath, scope),
      ),
    )
    .orderBy(asc(serviceContracts.id))
    .for('update');

export async function insertContract(tx: TDb, values: typeof serviceContracts.$inferInsert) {
  const [row] = await tx.insert(serviceContracts).values(values).returning();
  return row!;
}

export async function updateContract(tx: TDb, id: string, values: Partial<typeof serviceContracts.$inferInsert>) {
  const [row] = await tx
    .update(serviceContracts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(serviceContracts.id, id))
    .returning();
  return row!;
}

export const deleteContract = (tx: TDb, id: string) => tx.delete(serviceContracts).where(eq(serviceContracts.id, id));

export const linesOf = (tx: TDb, contractIds: string[]) =>
  contractIds.length
    ? tx
        .select()
        .from(serviceContractLines)
        .where(inArray(serviceContractLines.contractId, contractIds))
        .orderBy(asc(serviceContractLines.contractId), asc(serviceContractLines.position))
    : Promise.resolve([]);

export async function replaceLines(
  tx: TDb,
  contract: Pick<TServiceContractRow, 'id' | 'spaceId' | 'secureSpacePath'>,
  rows: Omit<typeof serviceContractLines.$inferInsert, 'contractId' | 'spaceId' | 'secureSpacePath'>[],
) {
  await tx.delete(serviceContractLines).where(eq(serviceContractLines.contractId, contract.id));
  if (!rows.length) return [];
  return tx
    .insert(serviceContractLines)
    .values(rows.map((r) => ({ ...r, contractId: contract.id, spaceId: contract.spaceId, secureSpacePath: contract.secureSpacePath })))
    .returning();
}
