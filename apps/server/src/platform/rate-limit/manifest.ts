import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../jobs/define.js';
import { defineModule } from '../module.js';
import { declareTables } from '../row-security.js';
import { unsafeUnscoped } from '../tenancy.js';
import * as tables from './tables.js';

/** Deletes the windows that ended more than an hour ago (a counted address that never came back). */
export const purgeRateLimitsJob = defineJob({
  name: 'rate-limit.purge-ended-windows',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  async handler(_job, ctx) {
    await unsafeUnscoped(ctx.db, (tx) => tx.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`));
  },
});

/** The platform's rate-limit counts (app.ts): their table and their hourly purge. */
export const rateLimitManifest = defineModule({
  name: 'rate-limit',
  routes: [],
  jobs: [purgeRateLimitsJob],
  schedules: [{ job: purgeRateLimitsJob, cron: '17 * * * *', tz: 'Europe/Madrid' }],
  tables: declareTables(tables, {
    rateLimitHits: { global: 'requests counted per address before anyone signs in: no tenant, never read by a user' },
  }),
});
