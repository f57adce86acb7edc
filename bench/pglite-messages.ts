import { setUpAudits } from './audits.js';
import { startServer } from './lib.js';

/**
 * node --expose-gc --import tsx bench/pglite-messages.ts [requests]: where PGlite's time goes during a
 * kept audit GET (decision 0060). Each protocol message PGlite runs (Parse, Bind: where an unnamed
 * statement is planned, Describe, Execute, Sync, simple Query) is timed inside its synchronous call
 * into the WASM, grouped by statement, over `requests` GETs at 1 connection after 50 to warm up.
 * The JS around it (parsing the answers, the mutex) is not counted: see `npm run bench:profile`.
 */
const requests = Number(process.argv[2] ?? 400);
const server = await startServer('pglite');
try {
  const { big, headers } = await setUpAudits(server);
  const url = `${server.base}/ms-core/api/audits/${big._id}`;
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
  const pglite = (server.db as unknown as { $client: { execProtocolRawSync(message: Uint8Array): Uint8Array } }).$client;
  const run = pglite.execProtocolRawSync.bind(pglite);
  const stats = new Map<string, { n: number; ms: number }>();
  const text = new TextDecoder();
  const cString = (bytes: Uint8Array) =>
    text
      .decode(bytes.subarray(0, bytes.indexOf(0)))
      .replace(/\s+/g, ' ')
      .slice(0, 100);
  let statement = '?';
  pglite.execProtocolRawSync = (message: Uint8Array) => {
    const start = performance.now();
    const answer = run(message);
    const ms = performance.now() - start;
    const kind = String.fromCharCode(message[0]!);
    // Parse: int32 length, the statement's name, then its text; Query: int32 length, then its text.
    if (kind === 'P') statement = cString(message.subarray(5 + message.subarray(5).indexOf(0) + 1));
    const key = kind === 'Q' ? `Q ${cString(message.subarray(5))}` : `${kind} ${statement}`;
    const s = stats.get(key) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += ms;
    stats.set(key, s);
    return answer;
  };
  for (let i = 0; i < requests; i++) await (await fetch(url, { headers })).arrayBuffer();
  let total = 0;
  for (const [key, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms)) {
    total += s.ms;
    console.log(`${(s.ms / requests).toFixed(3).padStart(7)} ms per GET  ${(s.n / requests).toFixed(2).padStart(5)} x  ${key}`);
  }
  console.log(`inside PGlite's WASM: ${(total / requests).toFixed(3)} ms per GET`);
} finally {
  await server.stop();
}
