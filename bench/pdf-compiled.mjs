// The compiled half of bench/pdf.ts, in a process of its own started as `npm run serve` starts the
// server (node --conditions=compiled, no tsx): renders the fixture it is given in the compiled
// worker, cold then warm, and prints the times as JSON.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { deserialize } from 'node:v8';

const run = await import(new URL('../apps/server/dist/modules/reports/pdf/run.js', import.meta.url).href);
const { audit, photos, labels } = deserialize(readFileSync(process.argv[2]));
const images = new Map(photos.map(([id, bytes]) => [id, Buffer.from(bytes)]));
const time = async () => {
  const t0 = performance.now();
  const pdf = await run.renderInWorker(audit, images, labels, { company: 'Higiene Demo S.L.' });
  if (pdf.length < 1000) throw new Error('empty PDF');
  return Math.round(performance.now() - t0);
};
run.discardSpareWorker();
const cold = await time();
run.warmPdfWorker();
await sleep(3000);
const warm = await time();
run.discardSpareWorker();
console.log(JSON.stringify({ cold, warm }));
