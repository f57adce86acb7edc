// Load generator, run in its own thread so that making requests does not share the server's event
// loop (the figures would otherwise measure the client as much as the server). Plain JS: no loader.
// node:http with one kept-alive connection per client, as a tablet's browser keeps its own: fetch
// (undici) costs about twice the CPU per request, CPU the server being measured would lose on a
// small machine.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, requests, concurrency, perClientPerSecond } = workerData;
const latencies = [];
const failures = [];
let next = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const { hostname, port } = new URL(base);

/** One request; resolves with the status once the whole body has arrived. */
function send(r) {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : Buffer.from(r.body);
    const headers = body ? { ...r.headers, 'content-length': body.length } : r.headers;
    const req = http.request({ agent, hostname, port, path: r.path, method: r.method ?? 'GET', headers }, (res) => {
      res.on('data', () => undefined);
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
  while (next < requests.length) {
    if (gap) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      due += gap;
      // Another client may have taken the last request while this one waited.
      if (next >= requests.length) break;
    }
    const i = next++;
    const t0 = performance.now();
    const status = await send(requests[i]).catch((error) => `${error.code ?? error.message}`);
    latencies.push(performance.now() - t0);
    if (typeof status !== 'number' || status < 200 || status >= 300) failures.push(`${i}: ${status}`);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, client));
agent.destroy();
parentPort.postMessage({ elapsedMs: performance.now() - started, latencies, failures });
