import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { refreshTokens } from './tables.js';

/** An expired refresh token is refused anyway (service.ts); a day later it is deleted. */
export const EXPIRED_TOKEN_KEPT_DAYS = 1;

/** Deletes the refresh tokens expired for more than EXPIRED_TOKEN_KEPT_DAYS, of every tenant. */
export const purgeExpiredSessionsJob = defineJob({
  name: 'auth.purge-expired-sessions',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  async handler(_job, ctx) {
    await unsafeUnscoped(ctx.db, (tx) =>
      tx.delete(refreshTokens).where(lt(refreshTokens.expiresAt, sql`now() - make_interval(days => ${EXPIRED_TOKEN_KEPT_DAYS})`)),
    );
  },
});
