import { Worker } from 'node:worker_threads';
import type { TAudit } from '@audit/domain/audits';
import type { TPdfLabels } from './labels.js';
import type { TRenderOptions } from './render.js';

export interface TWorkerInput {
  audit: TAudit;
  images: [string, Uint8Array][];
  labels: TPdfLabels;
  options: TRenderOptions;
  /** A render nobody waits for (made ahead, decision 0122): the worker's thread yields the cores to everything else. */
  background: boolean;
}

/** A report that takes longer than this is stuck (the budget is 2 s for a large audit). */
const TIMEOUT_MS = 60_000;

/**
 * The worker's entry: the compiled server (`npm start`, plain .js) starts worker.js directly; from
 * the TypeScript sources (tests, `npm run dev`) a worker does not inherit the parent's loader, so
 * worker-boot.mjs registers tsx first.
 */
const entry = import.meta.url.endsWith('.js') ? new URL('./worker.js', import.meta.url) : new URL('./worker-boot.mjs', import.meta.url);

/**
 * One worker booted ahead of need (decision 0028): booting a worker (and, from the sources, tsx)
 * took most of a report's time. Each worker still renders one report and exits, so its memory
 * (decoded photos, pdfkit buffers) goes back to the system; the next one boots once the report is
 * done (not while it renders: they would share the cores).
 * unref'd: an idle worker never keeps the process alive.
 */
let spare: Worker | undefined;

function boot(): Worker {
  const worker = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  worker.unref();
  // A spare that dies before being used (out of memory at boot, a broken build) is simply dropped.
  worker.once('exit', () => {
    if (spare === worker) spare = undefined;
  });
  worker.on('error', () => undefined);
  return worker;
}

/** Boots the spare worker if none waits (main.ts calls it at start; every render once it is done, so the boot does not compete with it). */
export function warmPdfWorker() {
  spare ??= boot();
}

/** Ends the spare worker, if one waits (bench: a cold render). */
export function discardSpareWorker() {
  void spare?.terminate();
  spare = undefined;
}

function take(): Worker {
  const worker = spare ?? boot();
  spare = undefined;
  return worker;
}

/**
 * renderAuditPdf in a worker thread, so a long report never blocks the event loop that answers
 * requests. `background`: a render nobody waits for, at the lowest scheduling priority.
 */
export function renderInWorker(
  audit: TAudit,
  images: Map<string, Buffer>,
  labels: TPdfLabels,
  options: TRenderOptions = {},
  { background = false }: { background?: boolean } = {},
): Promise<Buffer> {
  const input: TWorkerInput = { audit, images: [...images], labels, options, background };
  const worker = take();
  const rendered = new Promise<Buffer>((resolve, reject) => {
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
    worker.postMessage(input);
  });
  return rendered.finally(warmPdfWorker);
}
