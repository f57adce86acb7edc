import { z } from 'zod';
import type { TCaptchaSolution } from '@audit/domain/accounts';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import * as spaces from '../spaces/service.js';
import * as users from '../users/accounts.js';
import { verifyCaptcha } from './captcha.js';
import { issueLink, peekLink, spendLink } from './links.js';
import { enqueueMail } from './mails.js';

/**
 * Password recovery (decision 0040; the spec has no call for it). The request answers the same,
 * in the same time, whether or not the account exists: it only checks the captcha and enqueues
 * this job, which looks the account up off the request path.
 */
export const recoverJob = defineJob({
  name: 'accounts.recover',
  payload: z.object({ identifier: z.string() }),
  options: { retryLimit: 2 },
  handler: async (job, ctx) => {
    await unsafeUnscoped(ctx.db, async (tx) => {
      const user = await users.findUserByLogin(tx, job.payload.identifier);
      if (!user || user.status === 'DELETED') return;
      const space = await spaces.findPublicSpace(tx, { id: user.spaceId });
      if (!space) return;
      const key = await issueLink(tx, 'RECOVER', { userId: user.id }, { replace: true });
      await enqueueMail(
        ctx,
        tx,
        { spaceId: user.spaceId, spacePath: user.secureSpacePath },
        {
          kind: 'recover',
          to: user.email,
          language: user.language,
          space,
          link: `/recover-password/reset?key=${encodeURIComponent(key)}`,
        },
      );
    });
  },
});

export async function requestRecovery(ctx: TModuleContext, input: { identifier: string; captcha: TCaptchaSolution }) {
  await unsafeUnscoped(ctx.db, async (tx) => {
    await verifyCaptcha(tx, ctx.config.jwtSecret, input.captcha);
    await enqueueJob(tx, null, recoverJob, { identifier: input.identifier });
  });
  return { ok: true as const };
}

/** The reset page asks first, so a used or expired link shows the expired page at once. */
export async function checkRecoveryLink(ctx: TModuleContext, key: string) {
  await unsafeUnscoped(ctx.db, (tx) => peekLink(tx, 'RECOVER', key));
  return { ok: true as const };
}

/**
 * The new password: every rule of §5 and no reuse (checked before the link is spent, so a refused
 * password leaves the link usable); then the link is spent and the password set in one
 * transaction. The password stamp ends every session of the user (decision 0003).
 */
export async function resetWithLink(ctx: TModuleContext, input: { key: string; password: string }) {
  const link = await unsafeUnscoped(ctx.db, (tx) => peekLink(tx, 'RECOVER', input.key));
  const user = await unsafeUnscoped(ctx.db, (tx) => users.findUserById(tx, link.userId!));
  const passwordHash = await users.hashNewPassword(user ?? null, input.password);
  await unsafeUnscoped(ctx.db, async (tx) => {
    const spent = await spendLink(tx, 'RECOVER', input.key);
    await users.setPassword(tx, spent.userId!, passwordHash);
  });
  return { ok: true as const };
}
