import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { calendarFeedTokens as f } from './tables.js';

/** The calendar links' rows (decision 0087): the only file that reads calendar_feed_tokens. */

export async function findLink(tx: TDb, userId: string, spaceId: string) {
  const [row] = await tx
    .select({ createdAt: f.createdAt })
    .from(f)
    .where(and(eq(f.userId, userId), eq(f.spaceId, spaceId)))
    .limit(1);
  return row;
}

/** Makes the link or replaces its token (one statement: parallel rotations leave one row). */
export async function upsertLink(tx: TDb, row: { userId: string; spaceId: string; secureSpacePath: string; tokenHash: string }) {
  const [saved] = await tx
    .insert(f)
    .values(row)
    .onConflictDoUpdate({ target: [f.userId, f.spaceId], set: { tokenHash: row.tokenHash, createdAt: new Date() } })
    .returning({ createdAt: f.createdAt });
  return saved!;
}

export async function deleteLink(tx: TDb, userId: string, spaceId: string) {
  await tx.delete(f).where(and(eq(f.userId, userId), eq(f.spaceId, spaceId)));
}

/** The feed's one unscoped read (the caller runs it unscoped): which user and space a token's hash belongs to. */
export async function unsafeFindByHash(tx: TDb, tokenHash: string) {
  const [row] = await tx
    .select({ userId: f.userId, spaceId: f.spaceId, secureSpacePath: f.secureSpacePath })
    .from(f)
    .where(eq(f.tokenHash, tokenHash))
    .limit(1);
  return row;
}
