import { Worker } from 'node:worker_threads';
import type { TAudit } from '@audit/domain/audits';
import type { TPdfLabels } from './labels.js';
import type { TRenderOptions } from './render.js';

export interface TWorkerInput {
  audit: TAudit;
  images: [string, Uint8Array][];
  labels: TPdfLabels;
  options: TRenderOptions;
}

/** A report that takes longer than this is stuck (the budget is 5 s for a large audit). */
const TIMEOUT_MS = 60_000;

/**
 * renderAuditPdf in a worker thread, so a long report never blocks the event loop that answers
 * requests. One short-lived worker per report: its memory (decoded photos, pdfkit buffers) is
 * returned to the system when it exits.
 */
export function renderInWorker(audit: TAudit, images: Map<string, Buffer>, labels: TPdfLabels, options: TRenderOptions = {}): Promise<Buffer> {
  const input: TWorkerInput = { audit, images: [...images], labels, options };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: input, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`PDF rendering took longer than ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    worker.once('message', (message: { ok: true; pdf: Uint8Array } | { ok: false; error: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.ok) resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else reject(new Error(`PDF rendering failed: ${message.error}`));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`PDF worker exited with code ${code}`));
    });
  });
}
