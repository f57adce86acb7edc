import type { TAuth } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { recordTrace } from '../../platform/trace.js';
import { statusRefused } from '../audits/policy.js';
import { signedFileUrl } from '../files/signing.js';
import { renderPdfJob } from './pdf-job.js';
import * as pdfState from '../audits/report-state.js';
import { isCurrent, pdfFileName, readWithState } from './service.js';

/**
 * POST /reports/audit/{id}/pdf. A PDF is the report of a finished audit (AUD0002 otherwise: a
 * running audit changes under it). The current one is answered at once; otherwise a job renders it
 * and tells the caller with a notification. A job already queued for this version is not doubled:
 * each job checks again and only notifies when the PDF is already there.
 */
export async function requestPdf(ctx: TModuleContext, caller: TAuth, id: string): Promise<{ pdfSendToGenerate: true } | { pdfUrl: string }> {
  return scoped(ctx, caller, async (tx) => {
    const { audit, state } = await readWithState(tx, ctx, caller, id);
    if (audit.status !== 'finished') throw statusRefused();
    if (isCurrent(state, audit)) return { pdfUrl: signedFileUrl(ctx.config, state.pdfFileId!) };
    await pdfState.setPdfState(tx, id, { pdfStatus: 'queued' });
    const jobId = await enqueueJob(tx, caller, renderPdfJob, { auditId: id, userId: caller.userId, name: pdfFileName(audit) });
    await recordTrace(tx, caller, {
      type: 'CREATE',
      module: 'REPORTS',
      section: 'pdf',
      entityId: id,
      spaceId: state.spaceId,
      secureSpacePath: state.secureSpacePath,
      payload: { jobId },
    });
    return { pdfSendToGenerate: true as const };
  });
}
