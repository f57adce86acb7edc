import { parentPort, workerData } from 'node:worker_threads';
import { renderAuditPdf } from './render.js';
import type { TWorkerInput } from './run.js';

/** Runs in a worker thread: renders one report and hands the bytes back. */
const input = workerData as TWorkerInput;
const images = new Map(input.images.map(([id, bytes]) => [id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
renderAuditPdf(input.audit, images, input.labels, input.options).then(
  (pdf) => parentPort!.postMessage({ ok: true, pdf }),
  (error: unknown) => parentPort!.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
