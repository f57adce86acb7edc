import type { TAudit } from '@audit/domain/audits';
import { z } from 'zod';
import type { TAuth } from '../../platform/auth.js';
import { NO_ACCESS } from '../../platform/identity.js';
import { AppError } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { withScope } from '../../platform/tenancy.js';
import { auditView, readAudit, withPeopleNames } from '../audits/read.js';
import { discardStored, findFiles, forgetFile, readStored, recordFile, storeGenerated } from '../files/service.js';
import { fileIdFromUrl } from '../files/signing.js';
import { defineJob, type TJob, type TJobScope } from '../../platform/jobs/define.js';
import { notifyUser } from '../notifications/service.js';
import { companyCover } from './pdf/company.js';
import { pdfLabels } from './pdf/labels.js';
import { printCopies, printCopyOf } from './pdf/photos.js';
import { renderInWorker } from './pdf/run.js';
import * as pdfState from '../audits/report-state.js';
import { isCurrent, pdfFileName } from './service.js';

/**
 * The job behind POST /reports/audit/{id}/pdf, and behind a first read of a finished audit's report
 * (`ahead`, decision 0119). It acts as the user who asked (or read), in the space they asked from
 * (the job's tenant): reads the audit and its photos in short transactions, renders in
 * a worker thread with no transaction open, stores the PDF as a file of the audit's space, marks
 * it current and notifies the user (SHARE_FILE, body {status, name}); ahead, nobody. After the last
 * failed attempt the audit's PDF is marked failed and the user told so.
 */
const photoIdsOf = (audit: TAudit) =>
  [
    ...audit.sections.flatMap((s) =>
      s.questions.flatMap((q) => [...q.noteImages.map((i) => i.url), ...q.issues.filter((i) => i.selected).flatMap((i) => i.evidences.map((e) => e.url))]),
    ),
    ...(audit.questionnaire?.questionsAnswers.flatMap((qa) => qa.images.map((i) => i.url)) ?? []),
  ].flatMap((url) => fileIdFromUrl(url) ?? []);

async function makePdf(ctx: TModuleContext, caller: TAuth, auditId: string, background: boolean): Promise<{ status: 'ready' | 'failed'; name: string }> {
  const read = await withScope(ctx.db, caller, async (tx) => {
    const audit = await readAudit(tx, caller, auditId, auditView(ctx));
    const state = await pdfState.findPdfState(tx, caller, auditId);
    return { audit, state, files: audit.status === 'finished' && state && !isCurrent(state, audit) ? await findFiles(tx, caller, photoIdsOf(audit)) : [] };
  });
  const [audit] = await withPeopleNames(ctx, [read.audit]);
  const name = pdfFileName(audit!);
  if (!read.state || audit!.status !== 'finished') return { status: 'failed', name }; // reopened since it was asked for
  if (isCurrent(read.state, audit!)) return { status: 'ready', name }; // another job made it already

  // Photos at print size, each made once (pdf/photos.ts): only those not made yet are read from the store.
  const photos = new Map(read.files.flatMap((f) => (printCopyOf(f.id) ? [[f.id, printCopyOf(f.id)!] as const] : [])));
  for (const [id, bytes] of await printCopies(
    await readStored(
      ctx,
      read.files.filter((f) => !photos.has(f.id)),
    ),
  ))
    photos.set(id, bytes);
  // Pages left plain: GET …/pdf sends the file brotli-compressed as a whole (decision 0106).
  const pdf = await renderInWorker(
    audit!,
    photos,
    pdfLabels(audit!.template.language),
    { ...(await companyCover(ctx, caller)), compress: false },
    { background },
  );
  const stored = await storeGenerated(ctx, { buffer: pdf, filename: name, contentType: 'application/pdf' });
  try {
    const replaced = await withScope(ctx.db, caller, async (tx) => {
      const state = await pdfState.findPdfState(tx, caller, auditId, true);
      if (!state) return [stored];
      if (state.pdfStatus === 'ready' && state.pdfOf?.getTime() === new Date(audit!.updatedAt).getTime()) return [stored]; // a parallel job won
      await recordFile(ctx, tx, { spaceId: state.spaceId, spacePath: state.secureSpacePath, userId: caller.userId }, stored);
      await pdfState.setPdfState(tx, auditId, { pdfStatus: 'ready', pdfFileId: stored.id, pdfOf: new Date(audit!.updatedAt) });
      return state.pdfFileId ? [await forgetFile(tx, caller, state.pdfFileId).catch(() => ({ key: '' }))] : [];
    });
    await discardStored(
      ctx,
      replaced.filter((r) => r.key),
    ).catch(() => undefined);
  } catch (error) {
    await discardStored(ctx, [stored]).catch(() => undefined);
    throw error;
  }
  return { status: 'ready', name };
}

const ZPdfJobPayload = z.object({
  auditId: z.string().uuid(),
  userId: z.string().uuid(),
  /** The PDF's file name, for the notification even when rendering fails. */
  name: z.string(),
  /** Made ahead, on a read of the report (pdf-ahead.ts): nobody asked, nobody is told. */
  ahead: z.boolean().default(false),
});
type TPdfJobPayload = z.infer<typeof ZPdfJobPayload>;

const callerOf = (scope: TJobScope, payload: TPdfJobPayload): TAuth => ({
  userId: payload.userId,
  spaceId: scope.spaceId,
  spacePath: scope.spacePath,
  permissions: [],
  roles: [],
  access: NO_ACCESS,
  isAdmin: false,
  isAuditor: false,
  language: 'es',
});

async function renderPdf(ctx: TModuleContext, job: TJob<TPdfJobPayload>) {
  const payload = job.payload;
  if (!job.scope) throw new Error('a PDF job carries the tenant it was asked in');
  const caller = callerOf(job.scope, payload);
  const fail = (ahead: 'none' | 'failed' = 'failed') =>
    withScope(ctx.db, caller, async (tx) => {
      // Ahead, the state is left to a request made meanwhile (queued, its own job to come); a reopened
      // audit had nothing fail, and its next finished version is made ahead again.
      if (payload.ahead) return pdfState.settlePdfAhead(tx, payload.auditId, ahead);
      await pdfState.setPdfState(tx, payload.auditId, { pdfStatus: 'failed' });
      await notifyUser(tx, caller, 'SHARE_FILE', { status: 'failed', name: payload.name, auditId: payload.auditId });
    });
  let result: Awaited<ReturnType<typeof makePdf>>;
  try {
    result = await makePdf(ctx, caller, payload.auditId, payload.ahead);
  } catch (error) {
    // Gone or out of the requester's reach now: retrying cannot help.
    if (error instanceof AppError && error.errorName === 'NOTFOUND') return fail('none');
    if (job.isLastAttempt) await fail();
    throw error;
  }
  if (result.status === 'failed') return fail('none'); // reopened since
  if (payload.ahead) return;
  await withScope(ctx.db, caller, (tx) => notifyUser(tx, caller, 'SHARE_FILE', { status: 'ready', name: result.name, auditId: payload.auditId }));
}

/**
 * One PDF at a time per server (rendering takes a core). A run renews its expiry while it renders
 * (platform/jobs/queue.ts), so a long PDF is never started twice; a server that dies mid-render
 * leaves the job to be retried by another two minutes later.
 */
export const renderPdfJob = defineJob({
  name: 'report.pdf',
  payload: ZPdfJobPayload,
  options: { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: 120, concurrency: 1 },
  handler: (job, ctx) => renderPdf(ctx, job),
});
