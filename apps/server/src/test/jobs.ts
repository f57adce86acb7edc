import { sql } from 'drizzle-orm';
import type { TDatabase } from '../platform/db.js';
import { QUEUE_SCHEMA } from '../platform/jobs/queue.js';
import { unsafeUnscoped } from '../platform/tenancy.js';

/** The jobs of one type as pg-boss holds them (queue table only, not the archive). */
export async function jobsOf(db: TDatabase, name: string) {
  const result = await unsafeUnscoped(db, (tx) =>
    tx.execute<{ id: string; state: string; attempts: number; last_error: string | null; data: unknown }>(
      sql`select id, state::text as state, retry_count + 1 as attempts, coalesce(output->>'message', output->'value'->>'message') as last_error, data from ${sql.raw(QUEUE_SCHEMA)}.job where name = ${name} order by created_on`,
    ),
  );
  return result.rows.map((r) => ({ id: r.id, state: r.state, attempts: Number(r.attempts), lastError: r.last_error, data: r.data }));
}

/** Makes every job waiting for a retry due now (skips the back-off wait). */
export async function skipBackoff(db: TDatabase) {
  await unsafeUnscoped(db, (tx) => tx.execute(sql`update ${sql.raw(QUEUE_SCHEMA)}.job set start_after = now() - interval '1 second' where state = 'retry'`));
}
