import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { createRootSpace, createUser } from '../apps/server/src/seed/build.js';
import { startServer } from './lib.js';

/**
 * Issue 17's flood figure (decision 0048): 300 wrong passwords and 300 recovery requests in 10 s
 * from one address, against the real limits (30 sign-ins, 10 account forms a minute per address),
 * while another user reads. The other user's p99 idle, in the flood's first second (the allowance:
 * those 30 sign-ins really run argon2) and in the rest of it (all 429, answered before any work).
 * `npm run bench postgres ways`. Absolute figures: they describe this machine's load as much as the
 * code, so the load average is printed with them.
 */
const BASELINE_MS = 3000;
const FLOOD_MS = 10_000;
const PER_SECOND = 30;

const percentile = (values: number[], p: number) =>
  values.length ? Math.round([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]! * 10) / 10 : NaN;

interface TFloodResult {
  samples: { at: number; ms: number; status: number }[];
  floodStart: number;
  floodEnd: number;
  statuses: { signin: Record<string, number>; recover: Record<string, number> };
}

export async function benchWays(engine: 'pglite' | 'postgres') {
  const load = loadavg().map((x) => x.toFixed(1));
  const server = await startServer(engine, { config: { SIGNIN_RATE_LIMIT: '30', ACCOUNT_RATE_LIMIT: '10', TRUST_PROXY: 'loopback' } });
  try {
    const password = 'Bench1234!';
    const passwordHash = await hashPassword(password);
    await unsafeUnscoped(server.db, async (tx) => {
      const root = await createRootSpace(tx, { name: 'Bench', identifier: 'bench' });
      await createUser(tx, { email: 'admin@bench.test', password, passwordHash, firstName: 'Admin', home: root.space, roleIds: [root.roles.SPACE_ADMIN!] });
      await createUser(tx, { email: 'reader@bench.test', password, passwordHash, firstName: 'Reader', home: root.space, roleIds: [root.roles.USER!] });
    });
    const signin = await fetch(`${server.base}/auth/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'reader@bench.test', password }),
    });
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const child = fork(fileURLToPath(new URL('./flood-worker.mjs', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
    const result = await new Promise<TFloodResult>((done, fail) => {
      child.once('message', done as never);
      child.once('error', fail);
      child.once('exit', (code) => fail(new Error(`flood worker exited with ${code}`)));
      child.send({ base: server.base, token: accessToken, victim: 'admin@bench.test', baselineMs: BASELINE_MS, floodMs: FLOOD_MS, perSecond: PER_SECOND });
    });
    child.removeAllListeners('exit');
    const failed = result.samples.filter((s) => s.status !== 200);
    if (failed.length) throw new Error(`${failed.length} of the other user's requests failed (e.g. ${failed[0]!.status})`);
    const window = (from: number, to: number) => result.samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);
    const row = (values: number[]) => ({
      requests: values.length,
      p50Ms: percentile(values, 50),
      p99Ms: percentile(values, 99),
      maxMs: percentile(values, 100),
    });
    const { floodStart, floodEnd, statuses } = result;
    return {
      other_user_idle: row(window(0, floodStart)),
      other_user_flood_first_second: row(window(floodStart, floodStart + 1000)),
      other_user_flood_after_first_second: row(window(floodStart + 1000, floodEnd)),
      attacker: {
        requests: 2 * PER_SECOND * (FLOOD_MS / 1000),
        signin: JSON.stringify(statuses.signin),
        recover: JSON.stringify(statuses.recover),
        loadAverageBefore: load.join(' '),
        loadAverageAfter: loadavg()
          .map((x) => x.toFixed(1))
          .join(' '),
      },
    };
  } finally {
    await server.stop();
  }
}
