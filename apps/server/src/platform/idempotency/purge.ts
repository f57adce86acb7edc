import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../jobs/define.js';
import { defineModule } from '../module.js';
import { unsafeUnscoped } from '../tenancy.js';
import { KEY_LIFETIME_DAYS } from './keys.js';
import { declareTables } from '../row-security.js';
import * as tables from './tables.js';
import { idempotencyKeys } from './tables.js';

/** Deletes the idempotency keys older than KEY_LIFETIME_DAYS (every user's: the one purge of the table). */
export const purgeIdempotencyKeysJob = defineJob({
  name: 'idempotency.purge-expired-keys',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  async handler(_job, ctx) {
    await unsafeUnscoped(ctx.db, (tx) =>
      tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${KEY_LIFETIME_DAYS})`)),
    );
  },
});

/** The platform's share of the manifests (app.ts): the nightly purge, at 03:40 in Spain when nobody audits. */
export const idempotencyManifest = defineModule({
  name: 'idempotency',
  routes: [],
  jobs: [purgeIdempotencyKeysJob],
  schedules: [{ job: purgeIdempotencyKeysJob, cron: '40 3 * * *', tz: 'Europe/Madrid' }],
  tables: declareTables(tables, {
    idempotencyKeys: { policies: ['idempotency_owner'], why: "a user's keys are theirs only, whatever the space (migration 0008)" },
  }),
});
