import { setPriority } from 'node:os';
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
  if (input.background) yieldTheCores();
  const images = new Map(input.images.map(([id, bytes]) => [id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
  renderAuditPdf(input.audit, images, input.labels, input.options).then(
    (pdf) => parentPort!.postMessage({ ok: true, pdf }),
    (error: unknown) => parentPort!.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

/**
 * A PDF made ahead (decision 0122) runs at nice 19: it takes only what the requests, the PDFs someone
 * waits for and, on a shared machine, the reader's own browser leave. On Linux the nice value belongs
 * to the thread, and `setPriority(0, …)` is the calling thread's (this worker's, which renders and
 * then exits); elsewhere it would be the whole server's, so it is left alone there.
 */
function yieldTheCores() {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, 19);
  } catch {
    // Not allowed here (a container's seccomp rules): the render runs at normal priority, as before.
  }
}
