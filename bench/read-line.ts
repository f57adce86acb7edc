import { loadavg } from 'node:os';
import { startBareFastify } from './anchors.js';
import { setUpAudits } from './audits.js';
import { startServer } from './lib.js';
import { measureWithCpu } from './speed.js';

/**
 * node --expose-gc --import tsx bench/read-line.ts [pglite|postgres] [rounds]: the speed suite's
 * uncompressed audit GET line alone (300 questions, 50 connections, 3 s), interleaved with its
 * anchor (bare Fastify sending the same JSON) round by round, with the ratio by the wall clock and
 * by CPU (server and its PostgreSQL backends against the anchor). No pgbench, no answer lines: for
 * before/after comparisons of the read path (decision 0060). Prints only; writes nothing.
 */
const engine = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const rounds = Number(process.argv[3] ?? 3);
const server = await startServer(engine);
try {
  const { big, loaded, headers } = await setUpAudits(server);
  const bare = await startBareFastify(loaded);
  const get = [{ path: `/ms-core/api/audits/${big._id}`, headers }];
  const options = { concurrency: 50, durationMs: 3000 };
  // Warm both (JIT, the kept body, the database's kept plans).
  await measureWithCpu(server, get, { ...options, durationMs: 1000 });
  await bare.measure({}, { ...options, durationMs: 1000 });
  const ms = (x: number) => x.toFixed(2);
  for (let round = 1; round <= rounds; round++) {
    const anchor = await bare.measure({}, options);
    const m = await measureWithCpu(server, get, options);
    console.log(
      `${engine} round ${round}: ${m.perSecond}/s, ${ms(m.cpuMsPerOp)} CPU ms/op (server ${ms(m.serverCpuMsPerOp)}, database ${ms(m.databaseCpuMsPerOp)}); ` +
        `anchor ${anchor.perSecond}/s, ${ms(anchor.cpuMsPerOp)} CPU ms/op; ratio ${ms(m.perSecond / anchor.perSecond)} by wall clock, ` +
        `${ms(anchor.cpuMsPerOp / m.cpuMsPerOp)} by CPU; load average ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  await bare.stop();
} finally {
  await server.stop();
}
