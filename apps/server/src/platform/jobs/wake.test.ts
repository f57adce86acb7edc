import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { defineModule } from '../module.js';
import { unsafeUnscoped } from '../tenancy.js';
import { defineJob } from './define.js';
import { enqueueJob, wakeJobs } from './queue.js';

/**
 * A job someone waits for (the report PDF) starts when its transaction commits, not at the next
 * poll: the poll here is ten minutes away, so only wakeJobs can start it within the test.
 */
const ran: number[] = [];
const waitedJob = defineJob({
  name: 'test.waited',
  payload: z.object({ n: z.number() }),
  options: { concurrency: 1 },
  handler: async (job) => void ran.push(job.payload.n),
});

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: '600000' }, undefined, [defineModule({ name: 'wake-test', routes: [], jobs: [waitedJob] })]);
  await t.app.jobs.start();
});
afterAll(() => t.close());

it('runs a job enqueued after start as soon as it is woken, long before the poll', async () => {
  await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, waitedJob, { n: 1 }));
  // Not woken: the started queue has looked once already and waits for its poll.
  await new Promise((resolve) => setImmediate(resolve));
  expect(ran).toEqual([]);
  wakeJobs(waitedJob);
  await vi.waitFor(() => expect(ran).toEqual([1]), { timeout: 20_000, interval: 20 });
});
