import type { TAuth } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { enqueueJob, wakeJobs } from '../../platform/jobs/queue.js';
import { recordTrace } from '../../platform/trace.js';
import { seesAudit, statusRefused } from '../audits/policy.js';
import { signedFileUrl } from '../files/signing.js';
import { findFiles } from '../files/service.js';
import { fileStoreOf } from '../../platform/storage.js';
import type { TTransaction } from '../../platform/db.js';
import { renderPdfJob } from './pdf-job.js';
import * as pdfState from '../audits/report-state.js';
import { notFound } from '../../platform/errors.js';
import { isCurrent, pdfFileName } from './service.js';

/**
 * Whether the current PDF's bytes are in the file store. A database restored without its files (or
 * with older ones) names PDFs the store lacks: such a PDF counts as out of date and is made again,
 * rather than answered with a URL that 404s (decision 0090). One HEAD/stat, on the rare path where
 * the PDF is already current.
 */
async function pdfStored(ctx: TModuleContext, tx: TTransaction, caller: TAuth, state: pdfState.TPdfState): Promise<boolean> {
  const [file] = await findFiles(tx, caller, [state.pdfFileId!]);
  return Boolean(file && (await fileStoreOf(ctx.config).exists(file.storageKey)));
}

/** A PDF someone waits for goes before those made ahead of a click (pdf-ahead.ts, priority 0). */
const ASKED = 1;

/**
 * POST /reports/audit/{id}/pdf. A PDF is the report of a finished audit (AUD0002 otherwise: a
 * running audit changes under it). The current one is answered at once; otherwise a job renders it
 * and tells the caller with a notification. The request answers from what the database already has
 * (decision 0027): the PDF's state and the audit's version (its newest change, one aggregate query),
 * not the whole audit; and while a job is queued no other is added (the queued job reads the audit
 * when it runs, so it renders the newest version), even for requests sent at once (the row lock).
 */
export async function requestPdf(ctx: TModuleContext, caller: TAuth, id: string): Promise<{ pdfSendToGenerate: true } | { pdfUrl: string }> {
  let enqueued = false;
  const answer = await scoped(ctx, caller, async (tx) => {
    // Locked: requests at once (from any server) take turns on the audit's row, so the first queues
    // the job and the others find it queued: one job, one render, one notification.
    const state = await pdfState.findPdfState(tx, caller, id, true);
    // An unfinished audit is a 404 to a client's user (decision 0061), AUD0002 to the company.
    if (!state || !seesAudit(caller, state)) throw notFound();
    if (state.status !== 'finished') throw statusRefused();
    if (isCurrent(state, { status: state.status, updatedAt: (await pdfState.auditVersion(tx, id)).toISOString() }) && (await pdfStored(ctx, tx, caller, state)))
      return { pdfUrl: signedFileUrl(ctx.config, state.pdfFileId!) };
    if (state.pdfStatus === 'queued') return { pdfSendToGenerate: true as const };
    // Being made ahead (decision 0119), it has nobody to tell: this request's own job runs after it
    // (one PDF at a time per server), finds it made and notifies; queued, later requests add nothing.
    await pdfState.setPdfState(tx, id, { pdfStatus: 'queued' });
    // The name from the audit's row, not its whole tree (the job reads the tree when it runs).
    const head = await pdfState.findPdfHead(tx, caller, id);
    if (!head) throw notFound();
    const jobId = await enqueueJob(
      tx,
      caller,
      renderPdfJob,
      { auditId: id, userId: caller.userId, name: pdfFileName(head.name), ahead: false },
      { priority: ASKED },
    );
    await recordTrace(tx, caller, {
      type: 'CREATE',
      module: 'REPORTS',
      section: 'pdf',
      entityId: id,
      spaceId: state.spaceId,
      secureSpacePath: state.secureSpacePath,
      payload: { jobId },
    });
    enqueued = true;
    return { pdfSendToGenerate: true as const };
  });
  // Committed: this server's worker starts the job now, not at its next poll (decision 0034).
  if (enqueued) wakeJobs(renderPdfJob);
  return answer;
}
