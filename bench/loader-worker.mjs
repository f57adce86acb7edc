// Load generator, run in a process of its own (forked by lib.ts) so that making requests shares
// neither the server's event loop nor its heap and garbage collector. Plain JS: no loader.
// node:http with one kept-alive connection per client, as a tablet's browser keeps its own: fetch
// (undici) costs about twice the CPU per request, CPU the server being measured would lose on a
// small machine.
// Options: `durationMs` cycles through the requests until the time is up (else each is sent once);
// `keyPrefix` gives every request its own Idempotency-Key (the run view's writes carry one).
import http from 'node:http';

process.once('message', async ({ base, requests, concurrency, perClientPerSecond, durationMs, keyPrefix }) => {
  const cpuAtStart = process.cpuUsage();
  const latencies = [];
  const failures = [];
  let next = 0;
  let bytes = 0;
  let notModified = 0;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const { hostname, port } = new URL(base);
  const started = performance.now();
  const more = () => (durationMs ? performance.now() - started < durationMs : next < requests.length);

  /** One request; resolves with the status once the whole body has arrived. */
  function send(r, i) {
    return new Promise((resolve, reject) => {
      const body = r.body === undefined ? undefined : Buffer.from(r.body);
      const headers = { ...r.headers };
      if (body) headers['content-length'] = body.length;
      if (keyPrefix) headers['idempotency-key'] = `${keyPrefix}-${i}`;
      const req = http.request({ agent, hostname, port, path: r.path, method: r.method ?? 'GET', headers }, (res) => {
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  async function client() {
    // Paced clients send at most perClientPerSecond requests (an auditor on a tablet, not a loop).
    const gap = perClientPerSecond ? 1000 / perClientPerSecond : 0;
    let due = performance.now() + Math.random() * gap;
    while (more()) {
      if (gap) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        due += gap;
        // Another client may have taken the last request while this one waited.
        if (!more()) break;
      }
      const i = next++;
      const t0 = performance.now();
      const status = await send(requests[i % requests.length], i).catch((error) => `${error.code ?? error.message}`);
      latencies.push(performance.now() - t0);
      if (status === 304) notModified++;
      else if (typeof status !== 'number' || status < 200 || status >= 300) failures.push(`${i}: ${status}`);
    }
  }

  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  // This process's own CPU (ms): the load generator shares the machine with the server it loads.
  const { user, system } = process.cpuUsage(cpuAtStart);
  const cpuMs = (user + system) / 1000;
  process.send({ elapsedMs, latencies, failures, sent: next, bytes, notModified, cpuMs }, () => process.exit(0));
});
