import { z } from 'zod';
import type { TAccessRequestInput } from '@audit/domain/accounts';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import * as roles from '../roles/service.js';
import * as spaces from '../spaces/service.js';
import * as users from '../users/accounts.js';
import { verifyCaptcha } from './captcha.js';
import { createInvitation } from './invites.js';
import { issueLink, peekLink, spendLink } from './links.js';
import { enqueueMail } from './mails.js';
import { joinRequestPolicy } from './policy.js';
import * as repo from './repo.js';
import { NEWCOMER_ROLE } from './signup.js';
import type { joinRequests } from './tables.js';

// A stranger asks to join a space (the anonymous "access request", decision 0040); the space's
// managers are told by e-mail, each with their own single-use link, and settle it from the link
// (process-access) or from their list.

type TJoinRow = typeof joinRequests.$inferSelect;

type TJoinInput = Omit<TAccessRequestInput, 'language' | 'captcha'> & { language: 'es' | 'en' };

/**
 * The request is stored and the managers told by this job, off the request path: the answer and the
 * work before it are the same whether or not the space exists (decision 0048), as for recovery.
 * Once per pending e-mail and space (a repeat adds nothing); an unknown space adds nothing.
 */
export const joinJob = defineJob({
  name: 'accounts.join',
  payload: z.object({
    spaceIdentifier: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    message: z.string().nullable(),
    language: z.enum(['es', 'en']),
  }),
  options: { retryLimit: 2 },
  handler: (job, ctx) => unsafeUnscoped(ctx.db, (tx) => storeJoinRequest(ctx, tx, job.payload)),
});

async function storeJoinRequest(ctx: TModuleContext, tx: TDb, input: TJoinInput) {
  const space = await spaces.findPublicSpace(tx, { identifier: input.spaceIdentifier });
  if (!space) return;
  const row = await repo.insertJoinRequest(tx, {
    spaceId: space.id,
    secureSpacePath: space.secureSpacePath,
    email: input.email.toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName || null,
    message: input.message || null,
    language: input.language,
  });
  if (!row) return;
  const managers = await users.contactsOf(tx, await roles.managersOf(tx, space.secureSpacePath));
  for (const manager of managers.filter((m) => m.status === 'ACTIVE')) {
    const key = await issueLink(tx, 'ACCESS', { userId: manager.id, subjectId: row.id });
    await enqueueMail(
      ctx,
      tx,
      { spaceId: space.id, spacePath: space.secureSpacePath },
      {
        kind: 'accessRequest',
        to: manager.email,
        language: manager.language,
        space,
        link: `/access-requests/process?key=${encodeURIComponent(key)}`,
        details: [[row.firstName, row.lastName].filter(Boolean).join(' ') + ` <${row.email}>`, ...(row.message ? [row.message] : [])],
      },
    );
  }
}

/** POST /auth/api/access-requests: the captcha, then the job; always {ok} (nothing tells whether the space exists). */
export async function requestToJoin(ctx: TModuleContext, input: Omit<TAccessRequestInput, 'language'> & { language: 'es' | 'en' }) {
  await unsafeUnscoped(ctx.db, async (tx) => {
    await verifyCaptcha(tx, ctx.config.jwtSecret, input.captcha);
    await enqueueJob(tx, null, joinJob, {
      spaceIdentifier: input.spaceIdentifier,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName || null,
      message: input.message || null,
      language: input.language,
    });
  });
  return { ok: true as const };
}

/** What the manager's link shows before accepting or rejecting. */
export async function lookupJoinRequest(ctx: TModuleContext, key: string) {
  return unsafeUnscoped(ctx.db, async (tx) => {
    const link = await peekLink(tx, 'ACCESS', key);
    const row = await repo.findJoinRequest(tx, link.subjectId!);
    if (!row) throw new AppError('linkExpired');
    const space = await spaces.findPublicSpace(tx, { id: row.spaceId });
    return { email: row.email, firstName: row.firstName, lastName: row.lastName, message: row.message, spaceName: space?.name ?? '', status: row.status };
  });
}

/**
 * Settles a PENDING request in `tx`: ACCEPTED invites the requester with the space's USER role (they
 * then choose their name and password on the invitation page); REJECTED tells them. Every
 * manager's link for it stops working. Undefined when it was already settled.
 */
async function settle(ctx: TModuleContext, tx: TDb, row: TJoinRow, accept: boolean, processedBy: string | null) {
  const settled = await repo.settleJoinRequest(tx, row.id, accept ? 'ACCEPTED' : 'REJECTED', processedBy);
  if (!settled) return undefined;
  await repo.voidLinks(tx, 'ACCESS', { subjectId: row.id });
  const space = { id: row.spaceId, secureSpacePath: row.secureSpacePath };
  if (accept) {
    const alreadyInvited = await repo.pendingInvitationEmails(tx, row.spaceId, [row.email]);
    if (!alreadyInvited.length) {
      const role = await roles.findRoleNamedFor(tx, row.secureSpacePath, NEWCOMER_ROLE);
      await createInvitation(ctx, tx, { space, email: row.email, roleId: role?.id ?? null, language: row.language, invitedBy: processedBy });
    }
  } else {
    const face = await spaces.findPublicSpace(tx, { id: row.spaceId });
    await enqueueMail(
      ctx,
      tx,
      { spaceId: row.spaceId, spacePath: row.secureSpacePath },
      {
        kind: 'accessRejected',
        to: row.email,
        language: row.language,
        space: face ?? { name: '', logo: null },
      },
    );
  }
  return settled;
}

/** process-access {key, accept}: from the manager's e-mail. A settled request answers its status. */
export async function processWithLink(ctx: TModuleContext, input: { key: string; accept: boolean }) {
  return unsafeUnscoped(ctx.db, async (tx) => {
    const link = await spendLink(tx, 'ACCESS', input.key);
    const row = await repo.findJoinRequest(tx, link.subjectId!);
    if (!row) throw new AppError('linkExpired');
    const settled = await settle(ctx, tx, row, input.accept, link.userId);
    await recordTrace(
      tx,
      { userId: link.userId ?? row.id, spaceId: row.spaceId, spacePath: row.secureSpacePath },
      {
        type: 'UPDATE',
        module: 'USER',
        section: 'access-requests',
        entityId: row.id,
        payload: { accept: input.accept, email: row.email },
      },
    );
    return { status: (settled ?? row).status };
  });
}

export function presentJoinRequest(row: TJoinRow, caller: TAuth) {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    message: row.message,
    status: row.status,
    createdAt: iso(row.createdAt)!,
    processedAt: iso(row.processedAt),
    can: joinRequestPolicy.canAll(caller, row),
  };
}

export async function searchJoinRequests(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    const page = await repo.searchJoinRequests(tx, caller, body);
    return { items: page.items.map((row) => presentJoinRequest(row, caller)), total: page.total };
  });
}

/** The manager's list: accept or reject by id (a settled request is 420). */
export async function processById(ctx: TModuleContext, caller: TAuth, id: string, accept: boolean) {
  return scoped(ctx, caller, async (tx) => {
    const row = await repo.findJoinRequest(tx, id, caller);
    if (!row) throw notFound();
    joinRequestPolicy.authorize(caller, 'process', row);
    const settled = await settle(ctx, tx, row, accept, caller.userId);
    if (!settled) throw new AppError('alreadyExists', ['status']);
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'USER', section: 'access-requests', entityId: id, payload: { accept, email: row.email } });
    return presentJoinRequest(settled, caller);
  });
}
