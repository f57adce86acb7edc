import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, type TTenant } from '../../test/factories.js';
import { jobsOf, skipBackoff } from '../../test/jobs.js';
import { openDatabase, type TDatabase } from '../db.js';
import type { TModuleContext } from '../http.js';
import { defineModule } from '../module.js';
import { purgeExpiredSessionsJob } from '../../modules/auth/purge.js';
import { purgeIdempotencyKeysJob } from '../idempotency/purge.js';
import { unsafeUnscoped, withScope } from '../tenancy.js';
import { defineJob, type TJobScope } from './define.js';
import { enqueueJob, QUEUE_SCHEMA, RETENTION } from './queue.js';

/**
 * The queue as the servers use it: real pg-boss on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), jobs declared by a manifest like a module's, two servers on one database.
 */

/** A gate a handler waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Every run of countJob: which job, on which server (its context), in which tenant. */
const counted: { n: number; server: TModuleContext; scope: TJobScope | null }[] = [];
let countGate = gate();
countGate.open();
let runningCounts = 0;
let countGateAt = Infinity; // the gate opens once this many runs are in progress at once
const countJob = defineJob({
  name: 'test.count',
  payload: z.object({ n: z.number().int() }),
  options: { concurrency: 3, retryLimit: 0 },
  async handler(job, ctx) {
    counted.push({ n: job.payload.n, server: ctx, scope: job.scope });
    runningCounts++;
    if (runningCounts >= countGateAt) countGate.open();
    await countGate.opened;
    runningCounts--;
  },
});

/** Each run waits for its own release; expires after 4 s without a heartbeat. */
const slowRuns: { id: string; release: () => void }[] = [];
let slowRunning = 0;
let slowMaxRunning = 0;
const slowJob = defineJob({
  name: 'test.slow',
  payload: z.object({ label: z.string() }),
  options: { concurrency: 2, expireInSeconds: 4, retryLimit: 2, retryDelaySeconds: 1 },
  async handler(job) {
    const { opened, open } = gate();
    slowRuns.push({ id: job.id, release: open });
    slowMaxRunning = Math.max(slowMaxRunning, ++slowRunning);
    await opened;
    slowRunning--;
  },
});

const ticks: TModuleContext[] = [];
const tickJob = defineJob({ name: 'test.tick', payload: z.object({}), options: { concurrency: 1 }, handler: async (_job, ctx) => void ticks.push(ctx) });

const testModule = defineModule({
  name: 'jobs-test',
  routes: [],
  jobs: [countJob, slowJob, tickJob],
  schedules: [{ job: tickJob, cron: '* * * * *', tz: 'Europe/Madrid' }],
});

let t: TTestApp;
let tenant: TTenant;
/** The second server: its own app and, on PostgreSQL, its own connection pool on the same database. */
let second: { app: FastifyInstance; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: '50' }, undefined, [testModule]);
  tenant = await createTenant(t.db, 'jobs');
  const handle = t.kind === 'postgres' ? await openDatabase(t.url) : null;
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/audit-test-unused', LOG_LEVEL: 'silent', JOB_POLL_MS: '50' });
  const app = await buildApp({ config, db: handle?.db ?? t.db, logger: false, modules: [testModule] });
  second = {
    app,
    close: async () => {
      await app.close();
      await handle?.close();
    },
  };
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const scopeOf = (space: { id: string; path: string }): TJobScope => ({ spaceId: space.id, spacePath: space.path });
const rows = async <R extends Record<string, unknown>>(db: TDatabase, query: ReturnType<typeof sql>) =>
  (await unsafeUnscoped(db, (tx) => tx.execute<R>(query))).rows;
const boss = sql.raw(QUEUE_SCHEMA);

describe('enqueue', () => {
  it("happens in the caller's transaction, in its tenant: a rolled-back write leaves no job", async () => {
    const scope = scopeOf(tenant.establishment);
    const asCaller = { ...scope, userId: tenant.admin.id };
    // As the tenant role, like a request (Row Level Security on).
    await expect(
      withScope(t.db, asCaller, async (tx) => {
        await enqueueJob(tx, scope, countJob, { n: -1 });
        throw new Error('the write fails after enqueueing');
      }),
    ).rejects.toThrow('the write fails');
    expect(await jobsOf(t.db, countJob.name)).toEqual([]);

    await withScope(t.db, asCaller, (tx) => enqueueJob(tx, scope, countJob, { n: 0 }));
    const [job] = await jobsOf(t.db, countJob.name);
    expect(job).toMatchObject({ state: 'created', data: { scope, payload: { n: 0 } } });
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(counted).toEqual([{ n: 0, server: expect.anything(), scope }]);
    expect(await t.app.jobs.runDue()).toBe(0);
  });

  it('refuses a payload that does not match the job type', async () => {
    await expect(unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, countJob, { n: 'one' } as never))).rejects.toThrow();
  });
});

describe('two servers on one database', () => {
  it('run each of N jobs exactly once, and an every-minute schedule once', { timeout: 60_000 }, async () => {
    counted.length = 0;
    ticks.length = 0;
    const N = 40;
    await unsafeUnscoped(t.db, async (tx) => {
      for (let n = 1; n <= N; n++) await enqueueJob(tx, null, countJob, { n });
    });
    // The first runs wait until six run at once: with three per server, both servers must be taking jobs.
    countGate = gate();
    countGateAt = 6;
    await Promise.all([t.app.jobs.start(), second.app.jobs.start()]);
    try {
      const mine = async () => (await jobsOf(t.db, countJob.name)).filter((j) => (j.data as { payload: { n: number } }).payload.n >= 1);
      await vi.waitFor(async () => expect((await mine()).map((j) => j.state)).toEqual(Array(N).fill('completed')), { timeout: 30_000, interval: 100 });
      await vi.waitFor(() => expect(ticks.length).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    } finally {
      await Promise.all([t.app.jobs.stop(), second.app.jobs.stop()]);
    }
    expect(counted.map((c) => c.n).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const servers = new Set(counted.map((c) => c.server));
    expect(servers.size).toBe(2);
    expect(ticks).toHaveLength(1);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await second.app.jobs.runDue()).toBe(0);
    countGateAt = Infinity;
  });
});

describe('a long run', () => {
  const aliveFor = async (id: string) =>
    Number((await rows<{ s: number }>(t.db, sql`select extract(epoch from now() - started_on)::float8 as s from ${boss}.job where id = ${id}`))[0]!.s);

  it('is never started again while it runs, even past its expiry; a run whose server died is retried', async () => {
    await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, slowJob, { label: 'pdf' }));
    const running = t.app.jobs.runDue();
    await vi.waitFor(() => expect(slowRuns).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const { id } = slowRuns[0]!;
    // Longer than its 4 s expiry: the heartbeat keeps it; maintenance and the other server leave it alone.
    await vi.waitFor(async () => expect(await aliveFor(id)).toBeGreaterThan(slowJob.options.expireInSeconds + 1), { timeout: 20_000, interval: 200 });
    await second.app.jobs.maintain();
    expect(await second.app.jobs.runDue()).toBe(0);
    expect((await jobsOf(t.db, slowJob.name)).map((j) => j.state)).toEqual(['active']);
    slowRuns[0]!.release();
    expect(await running).toBe(1);
    expect(slowRuns).toHaveLength(1);
    expect((await jobsOf(t.db, slowJob.name)).map((j) => j.state)).toEqual(['completed']);

    // A server took a job and died (no heartbeat): after its expiry the job is retried elsewhere.
    await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, slowJob, { label: 'orphan' }));
    const [orphan] = (await jobsOf(t.db, slowJob.name)).filter((j) => j.state === 'created');
    await rows(t.db, sql`update ${boss}.job set state = 'active', started_on = now() where id = ${orphan!.id}`);
    await vi.waitFor(async () => expect(await aliveFor(orphan!.id)).toBeGreaterThan(slowJob.options.expireInSeconds), { timeout: 20_000, interval: 200 });
    await second.app.jobs.maintain();
    expect((await jobsOf(t.db, slowJob.name)).find((j) => j.id === orphan!.id)).toMatchObject({
      state: 'retry',
      lastError: 'job failed by timeout in active state',
    });
    await skipBackoff(t.db);
    const retried = second.app.jobs.runDue();
    await vi.waitFor(() => expect(slowRuns).toHaveLength(2), { timeout: 10_000, interval: 20 });
    expect(slowRuns[1]!.id).toBe(orphan!.id);
    slowRuns[1]!.release();
    expect(await retried).toBe(1);
  });
});

describe('concurrency limit', () => {
  it('runs at most `concurrency` jobs of a type at once on a server', async () => {
    slowRuns.length = 0;
    slowMaxRunning = 0;
    await unsafeUnscoped(t.db, async (tx) => {
      for (let i = 0; i < 5; i++) await enqueueJob(tx, null, slowJob, { label: `batch ${i}` });
    });
    await t.app.jobs.start();
    try {
      const active = async () => (await jobsOf(t.db, slowJob.name)).filter((j) => j.state === 'active').length;
      for (let released = 0; released < 5; released++) {
        // Two run; the others wait although the worker keeps polling every 50 ms.
        await vi.waitFor(
          async () => {
            expect(slowRuns.length).toBe(Math.min(5, released + 2));
            expect(await active()).toBe(Math.min(2, 5 - released));
          },
          { timeout: 10_000, interval: 20 },
        );
        slowRuns[released]!.release();
      }
    } finally {
      await t.app.jobs.stop();
    }
    expect(slowMaxRunning).toBe(2);
  });
});

describe('retention', () => {
  it('moves a completed job to the archive after a day and deletes it a week later', async () => {
    await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, countJob, { n: 1000 }));
    expect(await t.app.jobs.runDue()).toBe(1);
    const job = (await jobsOf(t.db, countJob.name)).find((j) => (j.data as { payload: { n: number } }).payload.n === 1000)!;
    expect(job.state).toBe('completed');
    const where = sql`where id = ${job.id}`;
    await t.app.jobs.maintain();
    expect(await rows(t.db, sql`select id from ${boss}.job ${where}`)).toHaveLength(1); // kept a day

    await rows(t.db, sql`update ${boss}.job set completed_on = now() - make_interval(secs => ${RETENTION.archiveCompletedAfterSeconds + 60}) ${where}`);
    await t.app.jobs.maintain();
    expect(await rows(t.db, sql`select id from ${boss}.job ${where}`)).toHaveLength(0);
    expect(await rows(t.db, sql`select id from ${boss}.archive ${where}`)).toHaveLength(1);

    await rows(t.db, sql`update ${boss}.archive set archived_on = now() - make_interval(days => ${RETENTION.deleteAfterDays + 1}) ${where}`);
    await t.app.jobs.maintain();
    expect(await rows(t.db, sql`select id from ${boss}.archive ${where}`)).toHaveLength(0);
  });
});

describe('schedules', () => {
  it('the nightly purges are scheduled in Spanish time and delete only what has expired', async () => {
    // The modules' own schedules (reminders, missed takes, link purges) are tested beside them.
    const purges = ['auth.purge-expired-sessions', 'idempotency.purge-expired-keys', 'test.tick'];
    const schedules = (
      await rows<{ name: string; cron: string; timezone: string }>(t.db, sql`select name, cron, timezone from ${boss}.schedule order by name`)
    ).filter((s) => purges.includes(s.name));
    expect(schedules).toEqual([
      { name: 'auth.purge-expired-sessions', cron: '30 3 * * *', timezone: 'Europe/Madrid' },
      { name: 'idempotency.purge-expired-keys', cron: '40 3 * * *', timezone: 'Europe/Madrid' },
      { name: 'test.tick', cron: '* * * * *', timezone: 'Europe/Madrid' },
    ]);

    const user = tenant.admin.id;
    const space = tenant.root.id;
    const token = (ago: string) =>
      sql`insert into refresh_tokens (user_id, family_id, token_hash, space_id, expires_at) values (${user}, ${randomUUID()}, ${randomUUID()}, ${space}, now() - ${ago}::interval) returning token_hash`;
    const [expiredLongAgo] = await rows<{ token_hash: string }>(t.db, token('2 days'));
    const [expiredJustNow] = await rows<{ token_hash: string }>(t.db, token('1 hour'));
    const [valid] = await rows<{ token_hash: string }>(t.db, token('-30 days'));
    const key = (name: string, ago: string) =>
      sql`insert into idempotency_keys (user_id, key, method, url, created_at) values (${user}, ${name}, 'POST', '/x', now() - ${ago}::interval)`;
    await rows(t.db, key('old', '8 days'));
    await rows(t.db, key('recent', '6 days'));

    // What the timekeeper does at 03:30 and 03:40: a run of each job, with no payload and no tenant.
    await unsafeUnscoped(t.db, async (tx) => {
      await enqueueJob(tx, null, purgeExpiredSessionsJob, {});
      await enqueueJob(tx, null, purgeIdempotencyKeysJob, {});
    });
    expect(await t.app.jobs.runDue()).toBe(2);
    const tokens = (await rows<{ token_hash: string }>(t.db, sql`select token_hash from refresh_tokens where user_id = ${user}`)).map((r) => r.token_hash);
    expect(tokens).not.toContain(expiredLongAgo!.token_hash);
    expect(tokens).toEqual(expect.arrayContaining([expiredJustNow!.token_hash, valid!.token_hash]));
    expect((await rows<{ key: string }>(t.db, sql`select key from idempotency_keys where user_id = ${user}`)).map((r) => r.key)).toEqual(['recent']);
  });
});
