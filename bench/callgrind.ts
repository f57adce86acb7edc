import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { answerBody, questionsOf, setUpAudits } from './audits.js';
import { measureRequests, startServer, type TRequest } from './lib.js';

/**
 * npm run bench:instructions [answer-key|answer|bare] [clients]: machine instructions the server
 * executes per request, counted by valgrind's callgrind. Unlike time (wall or CPU), a count does not
 * depend on what else the machine runs, so two versions of the code compare on a shared machine.
 *
 * The data is made by a server in this process (the speed suite's audits); then the compiled server
 * (`npm run build:server` first: what `npm start` runs) is started under callgrind on the same
 * PostgreSQL database, with instrumentation off. `clients` audits' answers (300 each) are sent once
 * to warm it up (the JIT, the remembered questions), then once more counted: instrumentation on,
 * requests, dump. The PostgreSQL backends are not counted (bench:profile gives their CPU time);
 * neither is the load generator (a process of its own). `bare` counts a bare Fastify POST route
 * answering a small JSON with the same bodies: what HTTP and Fastify alone cost.
 */
const run = promisify(execFile);
const what = process.argv[2] ?? 'answer-key';
const clients = Number(process.argv[3] ?? 8);
const root = new URL('..', import.meta.url);
const out = `/tmp/callgrind-${what}-${process.pid}`;

const jwtSecret = randomBytes(32).toString('hex');
/** The bare route needs no data: the same bodies with made-up ids. */
function bareRequests(): TRequest[] {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${randomBytes(100).toString('base64url')}` };
  return Array.from({ length: 300 * clients }, (_, i) => ({
    method: 'POST',
    path: `/echo/${randomUUID()}`,
    headers,
    body: JSON.stringify({ section: randomUUID(), question: randomUUID(), templateAnswer: { type: 'select', select: [randomUUID()] }, n: i }),
  }));
}
const server = what === 'bare' ? null : await startServer('postgres', { jwtSecret });
let requests: TRequest[] = server ? [] : bareRequests();
if (server)
  try {
    const { audits, headers } = await setUpAudits(server, clients + 1);
    const perAudit = audits.slice(1, clients + 1).map((audit) =>
      questionsOf(audit).map(({ s, q }, i): TRequest => ({
        method: 'POST',
        path: `/ms-core/api/audits/${audit._id}/answer/add`,
        headers,
        body: answerBody(s, q, i),
      })),
    );
    // Client k answers audit k's questions in turn, as in the speed suite.
    requests = perAudit[0]!.flatMap((_, i) => perAudit.map((list) => list[i]!));
  } catch (error) {
    await server.stop();
    throw error;
  }
await server?.stop(true);
const setup = `${out}.json`;
writeFileSync(setup, JSON.stringify({ url: server?.url, jwtSecret }));

const child = spawn(
  'valgrind',
  [
    '--tool=callgrind',
    '--instr-atstart=no',
    `--callgrind-out-file=${out}.%p`,
    process.execPath,
    '--conditions=compiled',
    fileURLToPath(new URL('./callgrind-server.mjs', import.meta.url)),
    what === 'bare' ? 'bare' : setup,
  ],
  { cwd: fileURLToPath(root), stdio: ['ignore', 'pipe', 'pipe'] },
);
let stderr = '';
child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
try {
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /listening (\d+)/.exec(stdout);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server under callgrind exited with ${code}: ${stderr.slice(-2000)}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const keyPrefix = (pass: string) => (what === 'answer-key' ? `cg-${pass}` : undefined);
  const warm = await measureRequests(base, requests, { concurrency: clients, keyPrefix: keyPrefix('warm') });
  const control = (...args: string[]) => run('callgrind_control', [...args, String(child.pid)]);
  await control('-i', 'on');
  await control('-z');
  const counted = await measureRequests(base, requests, { concurrency: clients, keyPrefix: keyPrefix('count') });
  await control('-d');
  await control('-i', 'off');
  const dumps = readdirSync('/tmp')
    .filter((f) => f.startsWith(`${out.slice(5)}.${child.pid}.`))
    .map((f) => `/tmp/${f}`)
    .sort();
  const text = readFileSync(dumps.at(-1)!, 'utf8');
  const total = Number(/^(?:totals|summary): (\d+)/m.exec(text)?.[1]);
  console.log(
    `${what}: ${Math.round(total / counted.requests).toLocaleString('en')} instructions per request ` +
      `(${counted.requests} counted after ${warm.requests} to warm up, ${clients} clients; the server's process only; dump ${dumps.at(-1)})`,
  );
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(setup, { force: true });
  await server?.drop();
}
