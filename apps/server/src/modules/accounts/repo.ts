import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ACCESS_REQUEST_STATUSES, INVITATION_STATUSES } from '@audit/domain/accounts';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, type TSearchDefinition } from '../../platform/search.js';
import { inScope, type TScope } from '../../platform/tenancy.js';
import { accountLinks, captchaSpent, invitations, joinRequests, type TLinkKind } from './tables.js';

// ---- Links (unscoped: the key, not a session, is the authority) ----

export async function insertLink(tx: TDb, row: typeof accountLinks.$inferInsert) {
  await tx.insert(accountLinks).values(row);
}

/** Ends the unused links of a kind for a user or a subject (a new e-mail makes the older ones void). */
export async function voidLinks(tx: TDb, kind: TLinkKind, owner: { userId?: string; subjectId?: string }) {
  await tx
    .update(accountLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountLinks.kind, kind),
        isNull(accountLinks.usedAt),
        owner.userId ? eq(accountLinks.userId, owner.userId) : undefined,
        owner.subjectId ? eq(accountLinks.subjectId, owner.subjectId) : undefined,
      ),
    );
}

/** Spends a live link: one caller wins, a used, expired or unknown key answers undefined. */
export async function spendLink(tx: TDb, kind: TLinkKind, tokenHash: string) {
  const [row] = await tx
    .update(accountLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(accountLinks.tokenHash, tokenHash), eq(accountLinks.kind, kind), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/**
 * A wrong guess against the user's live short code of `kind` (PHONE): counts it and, at `limit`,
 * spends the code. Answers the attempts so far, or undefined when no code is live.
 */
export async function countWrongGuess(tx: TDb, kind: TLinkKind, userId: string, limit: number) {
  const [row] = await tx
    .update(accountLinks)
    .set({
      attempts: sql`${accountLinks.attempts} + 1`,
      usedAt: sql`case when ${accountLinks.attempts} + 1 >= ${limit} then now() else null end`,
    })
    .where(and(eq(accountLinks.userId, userId), eq(accountLinks.kind, kind), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, sql`now()`)))
    .returning({ attempts: accountLinks.attempts });
  return row?.attempts;
}

/** Reads a live link without spending it (the page that shows what the link is about). */
export async function peekLink(tx: TDb, kind: TLinkKind, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, tokenHash), eq(accountLinks.kind, kind), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function purgeExpired(tx: TDb) {
  await tx.delete(accountLinks).where(lt(accountLinks.expiresAt, sql`now() - interval '7 days'`));
  await tx.delete(captchaSpent).where(lt(captchaSpent.expiresAt, sql`now()`));
}

/** Records a solved captcha's salt; false when it was already used. */
export async function spendCaptcha(tx: TDb, salt: string, expiresAt: Date): Promise<boolean> {
  const rows = await tx.insert(captchaSpent).values({ salt, expiresAt }).onConflictDoNothing().returning({ salt: captchaSpent.salt });
  return rows.length === 1;
}

// ---- Invitations ----

export async function insertInvitation(tx: TDb, row: typeof invitations.$inferInsert) {
  const [created] = await tx.insert(invitations).values(row).returning();
  return created!;
}

export async function pendingInvitationEmails(tx: TDb, spaceId: string, emails: string[]) {
  const rows = await tx
    .select({ email: invitations.email })
    .from(invitations)
    .where(
      and(
        eq(invitations.spaceId, spaceId),
        eq(invitations.status, 'PENDING'),
        inArray(
          sql`lower(${invitations.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    );
  return rows.map((r) => r.email.toLowerCase());
}

export async function findInvitation(tx: TDb, id: string, scope?: TScope) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), scope ? inScope(invitations.secureSpacePath, scope) : undefined))
    .limit(1);
  return row;
}

/** Moves a PENDING invitation on; false when it was no longer PENDING (a parallel cancel or accept). */
export async function settleInvitation(tx: TDb, id: string, status: 'ACCEPTED' | 'CANCEL') {
  const rows = await tx
    .update(invitations)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'PENDING')))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export async function touchInvitation(tx: TDb, id: string) {
  await tx.update(invitations).set({ updatedAt: new Date() }).where(eq(invitations.id, id));
}

// ---- Access requests (join requests) ----

/** A new PENDING request; undefined when one is already pending for that e-mail and space. */
export async function insertJoinRequest(tx: TDb, row: typeof joinRequests.$inferInsert) {
  const [created] = await tx
    .insert(joinRequests)
    .values(row)
    // The only unique index besides the id is join_requests_pending_key.
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function findJoinRequest(tx: TDb, id: string, scope?: TScope) {
  const [row] = await tx
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.id, id), scope ? inScope(joinRequests.secureSpacePath, scope) : undefined))
    .limit(1);
  return row;
}

/** Settles a PENDING request; undefined when it was already settled (a parallel accept or reject). */
export async function settleJoinRequest(tx: TDb, id: string, status: 'ACCEPTED' | 'REJECTED', processedBy: string | null) {
  const [row] = await tx
    .update(joinRequests)
    .set({ status, processedBy, processedAt: new Date() })
    .where(and(eq(joinRequests.id, id), eq(joinRequests.status, 'PENDING')))
    .returning();
  return row;
}

// ---- The administrator's lists (scoped: RLS and the caller's path) ----

export const invitationSearch: TSearchDefinition = {
  fields: {
    email: { column: invitations.email, type: 'text' },
    status: { column: invitations.status, type: 'enum', values: INVITATION_STATUSES },
    createdAt: { column: invitations.createdAt, type: 'date' },
  },
  searchColumns: [invitations.email],
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

export const joinRequestSearch: TSearchDefinition = {
  fields: {
    email: { column: joinRequests.email, type: 'text' },
    status: { column: joinRequests.status, type: 'enum', values: ACCESS_REQUEST_STATUSES },
    createdAt: { column: joinRequests.createdAt, type: 'date' },
  },
  searchColumns: [joinRequests.email, joinRequests.firstName, joinRequests.lastName],
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

export async function searchInvitations(tx: TDb, scope: TScope, body: TSearchBody) {
  const q = buildSearch(invitationSearch, body);
  const where = and(inScope(invitations.secureSpacePath, scope), q.where);
  const [items, [count]] = await Promise.all([
    tx
      .select()
      .from(invitations)
      .where(where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(where),
  ]);
  return { items, total: count!.n };
}

export async function searchJoinRequests(tx: TDb, scope: TScope, body: TSearchBody) {
  const q = buildSearch(joinRequestSearch, body);
  const where = and(inScope(joinRequests.secureSpacePath, scope), q.where);
  const [items, [count]] = await Promise.all([
    tx
      .select()
      .from(joinRequests)
      .where(where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(joinRequests)
      .where(where),
  ]);
  return { items, total: count!.n };
}
