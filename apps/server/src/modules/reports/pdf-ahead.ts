import type { TAudit } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { enqueueJob, wakeJobs } from '../../platform/jobs/queue.js';
import { withScope } from '../../platform/tenancy.js';
import { claimPdfAhead } from '../audits/report-state.js';
import { renderPdfJob } from './pdf-job.js';
import { pdfFileName } from './service.js';

/**
 * How long the render waits after the read (decision 0122): past the reader's first screen (about 7 s
 * for a 483-question report on a tablet's slow network), before a reader who wants the PDF has read
 * enough to ask for it. The render itself runs at the lowest priority (pdf/worker.ts). A click before
 * then asks for the PDF at once (POST …/pdf), as it always did; the PDF is not made twice (the job
 * ahead finds it made).
 */
const AHEAD_AFTER_SECONDS = 6;

/**
 * A finished audit's report read without a PDF of its version: the PDF is made now, before anyone
 * asks (decision 0119), so the button finds it kept (one request and the file) instead of waiting
 * for a render, a notification and a download. The job runs as the reader, in their tenant, tells
 * nobody, and yields to PDFs someone asked for (priority). One job per version however many read at
 * once (claimPdfAhead); none after a failed one (the button asks again).
 */
export async function makePdfAhead(ctx: TModuleContext, caller: TAuth, audit: TAudit): Promise<void> {
  if (audit.status !== 'finished' || audit.pdf.ready) return;
  const enqueued = await withScope(ctx.db, caller, async (tx) => {
    if (!(await claimPdfAhead(tx, caller, audit._id, new Date(audit.updatedAt)))) return false;
    await enqueueJob(
      tx,
      caller,
      renderPdfJob,
      { auditId: audit._id, userId: caller.userId, name: pdfFileName(audit), ahead: true },
      { startAfterSeconds: AHEAD_AFTER_SECONDS },
    );
    return true;
  });
  if (enqueued) wakeJobs(renderPdfJob);
}
