import type { TAudit } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { auditView, readAudit, withPeopleNames } from '../audits/read.js';
import { findFiles, readStored } from '../files/service.js';
import { formatStoredDay } from '@audit/domain/dates';
import { pdfLabels } from './pdf/labels.js';
import * as pdfState from '../audits/report-state.js';

/** GET /reports/audit/{id}: the audit as the report view shows it, in the caller's tenant. */
export async function getReport(ctx: TModuleContext, caller: TAuth, id: string): Promise<TAudit> {
  const audit = await scoped(ctx, caller, (tx) => readAudit(tx, caller, id, auditView(ctx)));
  return (await withPeopleNames(ctx, [audit]))[0]!;
}

/**
 * A PDF is current when it was made from this version of the audit. `updatedAt` of a TAudit is the
 * newest change anywhere in its tree; a finished audit's tree cannot change until it is reopened,
 * which changes the version again.
 */
export const isCurrent = (state: pdfState.TPdfState, audit: { updatedAt: string; status: string }) =>
  audit.status === 'finished' &&
  state.pdfStatus === 'ready' &&
  state.pdfFileId !== null &&
  state.pdfOf !== null &&
  state.pdfOf.getTime() === new Date(audit.updatedAt).getTime();

/** "Informe de auditoría - Plantilla - Establecimiento - 14-05-2024.pdf", safe as a file name. */
export function pdfFileName(audit: pdfState.TPdfNameParts | TAudit): string {
  const parts = [pdfLabels(audit.template.language).reportTitle, audit.template.name, audit.establishment.name, formatStoredDay(audit.date[0])];
  return `${parts
    .join(' - ')
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180)}.pdf`;
}

/**
 * GET /reports/audit/{id}/pdf: the current PDF's bytes and name, 462 when its job failed, else 404.
 * Read from the audit's row and its version (as POST …/pdf does), not from its whole tree: the PDF
 * button asks for the kept file first, on every click (decision 0106).
 */
export async function downloadPdf(ctx: TModuleContext, caller: TAuth, id: string): Promise<{ bytes: Buffer; name: string; fileId: string }> {
  const found = await scoped(ctx, caller, async (tx) => {
    const head = await pdfState.findPdfHead(tx, caller, id);
    if (!head) throw notFound();
    const { state } = head;
    // The last job gave up on this audit (pdf-job.ts): say so (catalogue 462) rather than "not found".
    if (state.status === 'finished' && state.pdfStatus === 'failed') throw new AppError('reportFailed');
    if (!isCurrent(state, { status: state.status, updatedAt: (await pdfState.auditVersion(tx, id)).toISOString() })) throw notFound();
    const [file] = await findFiles(tx, caller, [state.pdfFileId!]);
    if (!file) throw notFound();
    return { file, name: pdfFileName(head.name) };
  });
  const bytes = (await readStored(ctx, [found.file])).get(found.file.id);
  if (!bytes) throw notFound();
  return { bytes, name: found.name, fileId: found.file.id };
}
