import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { employees, type TEmployeeRow } from './tables.js';

/** The queries of the employees module: the only file (with search.ts) that touches its table. */

export async function findEmployee(tx: TDb, scope: TScope, id: string, lock = false): Promise<TEmployeeRow | undefined> {
  const q = tx
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), withinScope(employees.secureSpacePath, scope)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertEmployee(tx: TDb, values: typeof employees.$inferInsert) {
  const [row] = await tx.insert(employees).values(values).returning();
  return row!;
}

export async function updateEmployee(tx: TDb, id: string, values: Partial<typeof employees.$inferInsert>) {
  const [row] = await tx
    .update(employees)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(employees.id, id))
    .returning();
  return row!;
}

export const deleteEmployee = (tx: TDb, id: string) => tx.delete(employees).where(eq(employees.id, id));
