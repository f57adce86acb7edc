import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { LOG_ORIENTATIONS, REPEATED_TAKES_DEFAULT, type TLogDownload } from '@audit/domain/registers';
import { LANGUAGES } from '@audit/domain/constants';
import { todayInZone } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { NO_ACCESS } from '../../platform/identity.js';
import { defineJob, type TJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { withScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { discardStored, forgetFile, recordFile, storeGenerated } from '../files/service.js';
import { signedFileUrl } from '../files/signing.js';
import { notifyUser } from '../notifications/service.js';
import { completeSheet, downloadRange, readLogSheet, sheetVersion } from './log-sheet.js';
import { renderLogPdf } from './pdf/render.js';
import { loadRegister, zoneOf } from './load.js';
import { registerDownloads } from './tables.js';

/**
 * The log PDF through the job pattern of the audit report (calls document: `pdfSendToGenerate` /
 * `pdfUrl`; decision 0037). A download is a register and its options (orientation, language, take,
 * range). When the file made for them is still current (no log nor definition changed since) its
 * signed URL is answered at once; otherwise one job makes it (a second ask while queued adds none)
 * and tells the asker with a SHARE_FILE notification {status, name, registerId}.
 */
interface TResolved {
  orientation: (typeof LOG_ORIENTATIONS)[number];
  language: (typeof LANGUAGES)[number];
  take: number | null;
  annual: boolean;
  range: [string, string];
  repeatTakes: number;
}

/** The stored file's key: the default threshold keeps the key files made before it was an option. */
const keyOf = (o: TResolved) =>
  JSON.stringify([o.orientation, o.language, o.take, o.annual, o.range[0], o.range[1], ...(o.repeatTakes === REPEATED_TAKES_DEFAULT ? [] : [o.repeatTakes])]);
const fileName = (name: string, o: TResolved) => `${name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 120)} ${o.range[0]}_${o.range[1]}.pdf`;

async function resolve(tx: TDb, caller: TAuth, id: string, input: TLogDownload) {
  const row = await loadRegister(tx, caller, id);
  const date = input.date ?? todayInZone(await zoneOf(tx, row));
  const language = input.language ?? (caller.language === 'en' ? 'en' : 'es');
  const options: TResolved = {
    orientation: input.orientation,
    language,
    take: input.take ?? null,
    annual: input.annual,
    range: downloadRange(row, date, input.annual),
    repeatTakes: input.repeatTakes ?? REPEATED_TAKES_DEFAULT,
  };
  return { row, options };
}

export async function requestLogPdf(
  ctx: TModuleContext,
  caller: TAuth,
  id: string,
  input: TLogDownload,
): Promise<{ pdfSendToGenerate: true } | { pdfUrl: string }> {
  return scoped(ctx, caller, async (tx) => {
    const { row, options } = await resolve(tx, caller, id, input);
    const key = keyOf(options);
    const version = await sheetVersion(tx, row, options.range);
    const [found] = await tx
      .select()
      .from(registerDownloads)
      .where(and(eq(registerDownloads.registerId, id), eq(registerDownloads.key, key)))
      .for('update');
    if (found?.status === 'ready' && found.version === version && found.fileId) return { pdfUrl: signedFileUrl(ctx.config, found.fileId) };
    if (found?.status === 'queued') return { pdfSendToGenerate: true as const };
    // Two first asks at once: the unique key lets one insert; the other finds it queued.
    const [queued] = await tx
      .insert(registerDownloads)
      .values({ registerId: id, key, status: 'queued', requestedBy: caller.userId, spaceId: row.spaceId, secureSpacePath: row.secureSpacePath })
      .onConflictDoUpdate({
        target: [registerDownloads.registerId, registerDownloads.key],
        set: { status: 'queued', requestedBy: caller.userId, updatedAt: new Date() },
      })
      .returning({ id: registerDownloads.id });
    const jobId = await enqueueJob(tx, caller, logPdfJob, {
      downloadId: queued!.id,
      registerId: id,
      userId: caller.userId,
      ...options,
      name: fileName(row.name, options),
    });
    await recordTrace(tx, caller, {
      type: 'CREATE',
      module: 'REGISTER',
      section: 'register-downloads',
      entityId: id,
      spaceId: row.spaceId,
      secureSpacePath: row.secureSpacePath,
      payload: { jobId, ...options },
    });
    return { pdfSendToGenerate: true as const };
  });
}

const ZLogPdfJob = z.object({
  downloadId: z.string().uuid(),
  registerId: z.string().uuid(),
  userId: z.string().uuid(),
  orientation: z.enum(LOG_ORIENTATIONS),
  language: z.enum(LANGUAGES),
  take: z.number().int().nullable(),
  annual: z.boolean(),
  range: z.tuple([z.string(), z.string()]),
  /** Absent in jobs queued before it was an option. */
  repeatTakes: z.number().int().default(REPEATED_TAKES_DEFAULT),
  name: z.string(),
});
type TLogPdfJob = z.infer<typeof ZLogPdfJob>;

/** The job acts as the user who asked, in the space they asked from; their registersAccess was checked when they asked. */
const callerOf = (job: TJob<TLogPdfJob>): TAuth => ({
  userId: job.payload.userId,
  spaceId: job.scope!.spaceId,
  spacePath: job.scope!.spacePath,
  permissions: [],
  roles: [],
  access: NO_ACCESS,
  isAdmin: false,
  isAuditor: false,
  language: job.payload.language,
});

async function makeLogPdf(ctx: TModuleContext, job: TJob<TLogPdfJob>) {
  const p = job.payload;
  const caller = callerOf(job);
  const read = await withScope(ctx.db, caller, async (tx) => {
    const sheet = await readLogSheet(tx, caller, p.registerId, { date: p.range[0], annual: p.annual, take: p.take });
    return { ...sheet, version: await sheetVersion(tx, sheet.row, p.range) };
  });
  const sheet = await completeSheet(ctx, read, p.repeatTakes);
  const pdf = await renderLogPdf(sheet, { orientation: p.orientation, language: p.language, annual: p.annual });
  const stored = await storeGenerated(ctx, { buffer: pdf, filename: p.name, contentType: 'application/pdf' });
  try {
    const replaced = await withScope(ctx.db, caller, async (tx) => {
      const [before] = await tx
        .select({ fileId: registerDownloads.fileId })
        .from(registerDownloads)
        .where(eq(registerDownloads.id, p.downloadId))
        .for('update');
      await recordFile(ctx, tx, { spaceId: read.row.spaceId, spacePath: read.row.secureSpacePath, userId: p.userId }, stored);
      await tx
        .update(registerDownloads)
        .set({ status: 'ready', fileId: stored.id, version: read.version, updatedAt: new Date() })
        .where(eq(registerDownloads.id, p.downloadId));
      await notifyUser(tx, caller, 'SHARE_FILE', { status: 'ready', name: p.name, registerId: p.registerId });
      // The file it replaces goes (its signed URL then answers 404).
      return before?.fileId ? [await forgetFile(tx, caller, before.fileId).catch(() => ({ key: '' }))] : [];
    });
    await discardStored(
      ctx,
      replaced.filter((r) => r.key),
    ).catch(() => undefined);
  } catch (error) {
    await discardStored(ctx, [stored]).catch(() => undefined);
    throw error;
  }
}

async function runLogPdf(ctx: TModuleContext, job: TJob<TLogPdfJob>) {
  if (!job.scope) throw new Error('a log PDF job carries the tenant it was asked in');
  const caller = callerOf(job);
  const fail = () =>
    withScope(ctx.db, caller, async (tx) => {
      await tx.update(registerDownloads).set({ status: 'failed', updatedAt: new Date() }).where(eq(registerDownloads.id, job.payload.downloadId));
      await notifyUser(tx, caller, 'SHARE_FILE', { status: 'failed', name: job.payload.name, registerId: job.payload.registerId });
    });
  try {
    await makeLogPdf(ctx, job);
  } catch (error) {
    // The register is gone or out of reach now: retrying cannot help.
    if (error instanceof AppError && error.errorName === 'NOTFOUND') return fail();
    if (job.isLastAttempt) await fail();
    throw error;
  }
}

/** One log PDF at a time per server (rendering takes a core); the annual one of 50 facilities takes a few seconds. */
export const logPdfJob = defineJob({
  name: 'registers.log-pdf',
  payload: ZLogPdfJob,
  options: { retryLimit: 3, retryDelaySeconds: 2, expireInSeconds: 120, concurrency: 1 },
  handler: (job, ctx) => runLogPdf(ctx, job),
});
