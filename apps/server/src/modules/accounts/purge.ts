import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { purgeExpired } from './repo.js';

/** Deletes links expired for more than a week and spent captchas past their expiry, of every tenant. */
export const purgeAccountLinksJob = defineJob({
  name: 'accounts.purge-expired-links',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  async handler(_job, ctx) {
    await unsafeUnscoped(ctx.db, (tx) => purgeExpired(tx));
  },
});
