import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { refreshTokens } from './tables.js';

// Refresh tokens of the auth service (sign-in has no tenant yet, so unscoped). Callers: service.ts only.
// The user and the spaces are read through the users and spaces services.

export async function insertRefreshToken(tx: TDb, row: typeof refreshTokens.$inferInsert) {
  await tx.insert(refreshTokens).values(row);
}

export async function findRefreshToken(tx: TDb, tokenHash: string) {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1).for('update');
  return row;
}

/** Marks a token used; false when another request used it first (a race is reuse too). */
export async function markRefreshTokenUsed(tx: TDb, id: string): Promise<boolean> {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Keeps, sealed, the pair a token was rotated into (for a repeat within the grace window). */
export async function sealSuccessor(tx: TDb, id: string, sealed: string) {
  await tx.update(refreshTokens).set({ successorSealed: sealed }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(tx: TDb, familyId: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
