import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { TAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { createSmsSender } from '../../platform/sms.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import * as users from '../users/accounts.js';
import { hashOpaqueToken } from '../../platform/tokens.js';
import { issueLink } from './links.js';
import * as repo from './repo.js';

/** The job that texts a message, off the request path, through the configured sender (decision 0040). */
export const sendSmsJob = defineJob({
  name: 'accounts.sms',
  payload: z.object({ to: z.string(), text: z.string() }),
  options: { retryLimit: 3, retryDelaySeconds: 5 },
  handler: (job, ctx) => createSmsSender({ smsUrl: ctx.config.SMS_URL, dataDir: ctx.config.DATA_DIR }).send(job.payload),
});

const TEXTS = {
  es: (code: string) => `Su código de confirmación es ${code}. Caduca en 15 minutos.`,
  en: (code: string) => `Your confirmation code is ${code}. It expires in 15 minutes.`,
};

/**
 * The six digits alone are few: the link's key is the user, the phone and the code together, so
 * a code works only for the user it was sent to and only with that phone.
 */
const phoneKey = (userId: string, phone: string, code: string) => `${userId}:${phone}:${code}`;

/** POST /ms-core/api/users/me/phone-code: texts a 6-digit code to the phone (the previous code stops working). */
export async function sendPhoneCode(ctx: TModuleContext, caller: TAuth, phone: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await unsafeUnscoped(ctx.db, async (tx) => {
    const [user] = await users.contactsOf(tx, [caller.userId]);
    await issueLink(tx, 'PHONE', { userId: caller.userId }, { replace: true, key: phoneKey(caller.userId, phone, code) });
    await enqueueJob(tx, { spaceId: caller.spaceId, spacePath: caller.spacePath }, sendSmsJob, {
      to: phone,
      text: TEXTS[user?.language === 'en' ? 'en' : 'es'](code),
    });
  });
  return { ok: true as const };
}

/** Wrong guesses a texted code takes before it is spent (a million codes, five tries: decision 0048). */
export const PHONE_CODE_ATTEMPTS = 5;

/**
 * confirm-phone {key, phone}: the code sent to that phone makes it the caller's confirmed phone.
 * A wrong code or phone answers LNK0001 and counts against the caller's live code; the
 * PHONE_CODE_ATTEMPTS-th wrong guess spends it (ACC0003), so the right code no longer works.
 */
export async function confirmPhone(ctx: TModuleContext, caller: TAuth, input: { key: string; phone: string }) {
  const confirmed = await unsafeUnscoped(ctx.db, async (tx) => {
    const link = await repo.spendLink(tx, 'PHONE', hashOpaqueToken(phoneKey(caller.userId, input.phone, input.key)));
    if (!link) return false;
    if (link.userId !== caller.userId) throw new AppError('linkExpired');
    await users.confirmPhone(tx, caller.userId, input.phone);
    return true;
  });
  if (confirmed) return { ok: true as const };
  // Counted in its own transaction: the refusal below must not roll the count back.
  const attempts = await unsafeUnscoped(ctx.db, (tx) => repo.countWrongGuess(tx, 'PHONE', caller.userId, PHONE_CODE_ATTEMPTS));
  throw new AppError(attempts !== undefined && attempts >= PHONE_CODE_ATTEMPTS ? 'codeAttemptsSpent' : 'linkExpired');
}
