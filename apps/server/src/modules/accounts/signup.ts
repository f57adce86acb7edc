import { z } from 'zod';
import type { TCaptchaSolution } from '@audit/domain/accounts';
import { AppError } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import * as roles from '../roles/service.js';
import * as spaces from '../spaces/service.js';
import * as users from '../users/accounts.js';
import { verifyCaptcha } from './captcha.js';
import { issueLink, spendLink } from './links.js';
import { enqueueMail } from './mails.js';

/** The role a newcomer gets in the space (sign-up, accepted access request): the catalogue's USER, when there is one. */
export const NEWCOMER_ROLE = 'USER';

/** Spaces a stranger may sign up to: the login page shows the link only when there is one. */
export async function signupSpaces(ctx: TModuleContext) {
  const rows = await unsafeUnscoped(ctx.db, (tx) => spaces.listSignupSpaces(tx));
  return rows.map((s) => ({ _id: s.id, name: s.name, logo: s.logo }));
}

/**
 * The account is made by this job, off the request path: the request answers the same whether the
 * e-mail is registered or not (decision 0040). A registered address is told by e-mail instead.
 */
export const signupJob = defineJob({
  name: 'accounts.signup',
  payload: z.object({
    spaceId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    language: z.enum(['es', 'en']),
    passwordHash: z.string(),
  }),
  options: { retryLimit: 2 },
  handler: async (job, ctx) => {
    const p = job.payload;
    await unsafeUnscoped(ctx.db, async (tx) => {
      const space = await spaces.findPublicSpace(tx, { id: p.spaceId });
      if (!space?.signupEnabled) return;
      const scope = { spaceId: space.id, spacePath: space.secureSpacePath };
      if (await users.findUserByLogin(tx, p.email)) {
        await enqueueMail(ctx, tx, scope, { kind: 'alreadyRegistered', to: p.email, language: p.language, space, link: '/recover-password' });
        return;
      }
      const userId = await users.createAccount(tx, { space: { id: space.id, secureSpacePath: space.secureSpacePath }, ...p, verified: false });
      const role = await roles.findRoleNamedFor(tx, space.secureSpacePath, NEWCOMER_ROLE);
      if (role) await roles.addRole(tx, userId, space.secureSpacePath, role.id);
      const key = await issueLink(tx, 'CONFIRM', { userId });
      await enqueueMail(ctx, tx, scope, { kind: 'confirm', to: p.email, language: p.language, space, link: `/confirm?key=${encodeURIComponent(key)}` });
    });
  },
});

export interface TSignup {
  space: string;
  firstName: string;
  lastName?: string | null;
  email: string;
  password: string;
  language: 'es' | 'en';
  captcha: TCaptchaSolution;
}

/**
 * ACC0001 when the space does not take sign-ups; ACC0002 for a captcha not solved; 400 for a
 * password that breaks the rules. Then always {ok}. Proof before cost (decision 0048): the captcha
 * is checked and spent before the argon2 work, so a caller without a solved captcha costs one hash.
 */
export async function signup(ctx: TModuleContext, input: TSignup) {
  const space = await unsafeUnscoped(ctx.db, (tx) => spaces.findPublicSpace(tx, { id: input.space }));
  if (!space?.signupEnabled) throw new AppError('signupDisabled');
  // Spent in its own transaction: the argon2 work below holds no connection.
  await unsafeUnscoped(ctx.db, (tx) => verifyCaptcha(tx, ctx.config.jwtSecret, input.captcha));
  // The same argon2 work whether or not the e-mail is registered.
  const passwordHash = await users.hashNewPassword(null, input.password);
  await unsafeUnscoped(ctx.db, (tx) =>
    enqueueJob(tx, null, signupJob, {
      spaceId: space.id,
      email: input.email.toLowerCase(),
      firstName: input.firstName,
      lastName: input.lastName || null,
      language: input.language,
      passwordHash,
    }),
  );
  return { ok: true as const };
}

/** confirm: the link's user becomes ACTIVE and verified. */
export async function confirm(ctx: TModuleContext, key: string) {
  await unsafeUnscoped(ctx.db, async (tx) => {
    const link = await spendLink(tx, 'CONFIRM', key);
    await users.markVerified(tx, link.userId!);
  });
  return { ok: true as const };
}

/** confirm/resend: a new confirmation e-mail for an UNVERIFIED account; nothing otherwise (and the same answer). */
export const resendJob = defineJob({
  name: 'accounts.resend',
  payload: z.object({ identifier: z.string() }),
  options: { retryLimit: 2 },
  handler: async (job, ctx) => {
    await unsafeUnscoped(ctx.db, async (tx) => {
      const user = await users.findUserByLogin(tx, job.payload.identifier);
      if (!user || user.status !== 'UNVERIFIED') return;
      const space = await spaces.findPublicSpace(tx, { id: user.spaceId });
      if (!space) return;
      const key = await issueLink(tx, 'CONFIRM', { userId: user.id }, { replace: true });
      await enqueueMail(
        ctx,
        tx,
        { spaceId: user.spaceId, spacePath: user.secureSpacePath },
        {
          kind: 'confirm',
          to: user.email,
          language: user.language,
          space,
          link: `/confirm?key=${encodeURIComponent(key)}`,
        },
      );
    });
  },
});

export async function resendConfirmation(ctx: TModuleContext, input: { identifier: string; captcha: TCaptchaSolution }) {
  await unsafeUnscoped(ctx.db, async (tx) => {
    await verifyCaptcha(tx, ctx.config.jwtSecret, input.captcha);
    await enqueueJob(tx, null, resendJob, { identifier: input.identifier });
  });
  return { ok: true as const };
}
