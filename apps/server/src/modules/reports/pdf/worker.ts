import { parentPort } from 'node:worker_threads';
import { preloadFonts } from '../../../platform/pdf/fonts.js';
import { renderAuditPdf } from './render.js';
import type { TWorkerInput } from './run.js';

/**
 * Runs in a worker thread booted ahead of need (run.ts): the renderer and its fonts load now, then
 * it waits for one report, renders it and hands the bytes back.
 */
preloadFonts();
parentPort!.once('message', (input: TWorkerInput) => {
  const images = new Map(input.images.map(([id, bytes]) => [id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
  renderAuditPdf(input.audit, images, input.labels, input.options).then(
    (pdf) => parentPort!.postMessage({ ok: true, pdf }),
    (error: unknown) => parentPort!.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
