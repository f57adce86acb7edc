// Load generator, run in its own thread so that making requests does not share the server's event
// loop (the figures would otherwise measure the client as much as the server). Plain JS: no loader.
import { parentPort, workerData } from 'node:worker_threads';

const { base, requests, concurrency, perClientPerSecond } = workerData;
const latencies = [];
const failures = [];
let next = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function client() {
  // Paced clients send at most perClientPerSecond requests (an auditor on a tablet, not a loop).
  const gap = perClientPerSecond ? 1000 / perClientPerSecond : 0;
  let due = performance.now() + Math.random() * gap;
  while (next < requests.length) {
    if (gap) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      due += gap;
    }
    const i = next++;
    const r = requests[i];
    const t0 = performance.now();
    const res = await fetch(base + r.path, { method: r.method ?? 'GET', headers: r.headers, body: r.body });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (!res.ok) failures.push(`${i}: ${res.status}`);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, client));
parentPort.postMessage({ elapsedMs: performance.now() - started, latencies, failures });
