import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { inScope, type TScope } from '../../platform/tenancy.js';
import { spaces, spaceAccessRequests } from './tables.js';

export async function findSpaceInScope(tx: TDb, scope: TScope, id: string) {
  const [space] = await tx.select().from(spaces).where(and(eq(spaces.id, id), inScope(spaces.secureSpacePath, scope))).limit(1);
  return space;
}

export async function identifierExists(tx: TDb, identifier: string): Promise<boolean> {
  const [row] = await tx.select({ id: spaces.id }).from(spaces).where(eq(sql`lower(${spaces.identifier})`, identifier.trim().toLowerCase())).limit(1);
  return Boolean(row);
}

export async function insertAccessRequest(tx: TDb, row: typeof spaceAccessRequests.$inferInsert) {
  await tx.insert(spaceAccessRequests).values(row);
}
