import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { TEvidence, TNoteImage } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, scopedCheck, type TModuleContext } from '../../platform/http.js';
import { discardStored, recordFile, storeImage, type TStoredFile } from '../files/service.js';
import type { TUpload } from '../../platform/multipart.js';
import { loadRunnableQuestion, type TRunnableQuestion } from './access.js';
import { loadIssue } from './issues.js';
import { forgetFiles } from './media-files.js';
import { auditView } from './read.js';
import { auditMedia } from './tables.js';

/**
 * Photos of a question: evidences of an issue and note images. The files module checks and
 * re-encodes the image outside any transaction, then the file row and the media row are written
 * together in the audit's space (so the establishment's client users may see them); if that fails
 * the stored bytes are removed. Removing a photo removes its file row and, after commit, its bytes.
 * Keyed (the offline queue), the upload's key and response commit with its rows, and a removal's
 * with its deletion (decision 0093): a crash before the rows commit leaves bytes no row names, and
 * one after a removal commits leaves the removed photo's bytes; neither is ever served or listed.
 */
type TWhere = { id: string; sectionId: string; questionId: string };

/** Checks the call before any image work, then stores the image and records it with `record`. */
async function withStoredImage<T>(
  ctx: TModuleContext,
  caller: TAuth,
  at: TWhere,
  upload: TUpload,
  record: (tx: TDb, q: TRunnableQuestion, stored: TStoredFile) => Promise<T>,
  precheck?: (tx: TDb, q: TRunnableQuestion) => Promise<unknown>,
) {
  // A check only: the Idempotency-Key is recorded (and answered) with the rows, in the write below.
  await scopedCheck(ctx, caller, async (tx) => precheck?.(tx, await loadRunnableQuestion(tx, caller, at.id, at.sectionId, at.questionId)));
  const stored = await storeImage(ctx, upload);
  try {
    return await scoped(ctx, caller, async (tx) => {
      const q = await loadRunnableQuestion(tx, caller, at.id, at.sectionId, at.questionId);
      await recordFile(ctx, tx, { spaceId: q.audit.spaceId, spacePath: q.audit.secureSpacePath, userId: caller.userId }, stored);
      return record(tx, q, stored);
    });
  } catch (error) {
    await discardStored(ctx, [stored]).catch(() => undefined);
    throw error;
  }
}

const mediaRow = (q: TRunnableQuestion, fileId: string, kind: 'evidence' | 'note', issueId: string | null, observation: string | null) => ({
  auditId: q.audit.id,
  spaceId: q.audit.spaceId,
  secureSpacePath: q.audit.secureSpacePath,
  questionId: q.question.id,
  issueId,
  kind,
  fileId,
  observation,
});

const ZEvidenceFields = z.object({ issue: z.string().uuid(), observation: z.string().max(2000).optional() });

export async function addEvidence(ctx: TModuleContext, caller: TAuth, at: TWhere, upload: TUpload): Promise<TEvidence> {
  const fields = ZEvidenceFields.safeParse(upload.fields);
  if (!fields.success) throw invalidData(fields.error.issues.map((i) => i.path.join('.')));
  const { issue, observation } = fields.data;
  const view = auditView(ctx);
  return withStoredImage(
    ctx,
    caller,
    at,
    upload,
    async (tx, q, stored) => {
      const row = await loadIssue(tx, q, issue);
      const [media] = await tx
        .insert(auditMedia)
        .values(mediaRow(q, stored.id, 'evidence', row.id, observation?.trim() || null))
        .returning();
      return { _id: media!.id, type: 'photo' as const, url: view.fileUrl(stored.id), observation: media!.observation ?? null };
    },
    (tx, q) => loadIssue(tx, q, issue),
  );
}

export async function addNoteImage(ctx: TModuleContext, caller: TAuth, at: TWhere, upload: TUpload): Promise<TNoteImage> {
  const view = auditView(ctx);
  return withStoredImage(ctx, caller, at, upload, async (tx, q, stored) => {
    const [media] = await tx
      .insert(auditMedia)
      .values(mediaRow(q, stored.id, 'note', null, null))
      .returning();
    return { _id: media!.id, url: view.fileUrl(stored.id) };
  });
}

export async function removeMedia(ctx: TModuleContext, caller: TAuth, at: TWhere, mediaId: string, kind: 'evidence' | 'note') {
  const stored = await scoped(ctx, caller, async (tx) => {
    await loadRunnableQuestion(tx, caller, at.id, at.sectionId, at.questionId);
    const [row] = await tx
      .delete(auditMedia)
      .where(
        and(
          eq(auditMedia.id, mediaId),
          eq(auditMedia.auditId, at.id),
          eq(auditMedia.questionId, at.questionId),
          kind === 'evidence' ? isNotNull(auditMedia.issueId) : isNull(auditMedia.issueId),
        ),
      )
      .returning();
    if (!row) throw notFound();
    return forgetFiles(tx, caller, [row.fileId]);
  });
  await discardStored(ctx, stored).catch(() => undefined);
}
