import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import { setUpAudits } from './audits.js';
import { measureWithCpu } from './speed.js';
import { startServer } from './lib.js';
import { answerBody, questionsOf } from './audits.js';

/**
 * npm run bench:profile [pglite|postgres] [read|read-br|answer|answer-key] [seconds]: a CPU profile
 * of the server (this process) while the load generator sends one kind of request, written to
 * /tmp/profile-<what>.cpuprofile (open it in Chrome's DevTools or speedscope). Prints the same
 * CPU ms/op as the speed suite.
 */
const engine = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
const what = process.argv[3] ?? 'read';
const seconds = Number(process.argv[4] ?? 5);
const server = await startServer(engine);
try {
  const { audits, big, headers } = await setUpAudits(server);
  for (const audit of audits) await fetch(`${server.base}/ms-core/api/audits/${audit._id}`, { headers });
  const answers = audits.flatMap((audit) =>
    questionsOf(audit).map(({ s, q }, i) => ({ method: 'POST', path: `/ms-core/api/audits/${audit._id}/answer/add`, headers, body: answerBody(s, q, i) })),
  );
  const read = [{ path: `/ms-core/api/audits/${big._id}`, headers: what === 'read-br' ? { ...headers, 'accept-encoding': 'gzip, deflate, br' } : headers }];
  const requests = what.startsWith('read') ? read : answers;
  const options = {
    concurrency: what.startsWith('read') ? 50 : 16,
    durationMs: seconds * 1000,
    keyPrefix: what === 'answer-key' ? `p${Date.now()}` : undefined,
  };
  // Warm up (JIT, caches), then profile.
  await measureWithCpu(server, requests, { ...options, durationMs: 1000 });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const m = await measureWithCpu(server, requests, options);
  const { profile } = await session.post('Profiler.stop');
  const file = `/tmp/profile-${engine}-${what}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  const ms = (x = 0) => x.toFixed(3);
  console.log(
    `${what} on ${engine}: ${m.perSecond}/s, ${ms(m.cpuMsPerOp)} CPU ms/op (server ${ms(m.serverCpuMsPerOp)}, database ${ms(m.databaseCpuMsPerOp)}; ` +
      `load generator ${ms(m.loaderCpuMsPerOp)}), p50 ${m.medianMs} ms; load average ${loadavg()[0]!.toFixed(1)}; profile in ${file}`,
  );
} finally {
  await server.stop();
}
