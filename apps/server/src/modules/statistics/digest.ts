import { z } from 'zod';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { addDays, monthOf, todayInZone, zoneOr } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { createIdentityLoader, accessListsOf } from '../../platform/identity.js';
import { defineJob, type TSchedule } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { labelsFor } from './labels.js';
import { categorizationPdf } from './pdf.js';
import { reportData } from './service.js';
import { statisticsDigests } from './tables.js';

/**
 * The monthly digest (decision 0091): on the first day of a month, from 07:00 in the subscriber's
 * space's time zone, the previous month's dashboard by e-mail in the subscriber's language, with the
 * corporate PDF attached. The hourly job claims each due subscription for the month (a conditional
 * update) and enqueues its mail in the same transaction: one per month and subscriber, with two
 * servers or a rerun; the mail job retries a failed send.
 */
const SEND_FROM_HOUR = 7;

/** The month to send at `now` in `zone` (the previous one), or null before the 1st's 07:00. */
export function digestMonthDue(now: Date, zone: string): string | null {
  const today = todayInZone(zone, now);
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  if (hour < SEND_FROM_HOUR && today.endsWith('-01')) return null;
  return addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

export async function queueMonthlyDigests(ctx: TModuleContext, now: Date = new Date()) {
  return unsafeUnscoped(ctx.db, async (tx) => {
    const rows = await tx.execute<{ id: string; user_id: string; space_id: string; path: string; last_month: string | null; zone: string | null }>(
      sql`select d.id, d.user_id, d.space_id, d.secure_space_path as path, d.last_month, s.time_zone as zone
          from statistics_digests d join spaces s on s.id = d.space_id`,
    );
    let queued = 0;
    for (const row of rows.rows) {
      const month = digestMonthDue(now, zoneOr(row.zone));
      if (!month || row.last_month === month) continue;
      const claimed = await tx
        .update(statisticsDigests)
        .set({ lastMonth: month })
        .where(and(eq(statisticsDigests.id, row.id), or(isNull(statisticsDigests.lastMonth), ne(statisticsDigests.lastMonth, month))))
        .returning({ id: statisticsDigests.id });
      if (!claimed.length) continue;
      await enqueueJob(tx, { spaceId: row.space_id, spacePath: row.path }, digestMailJob, { userId: row.user_id, month });
      queued++;
    }
    return queued;
  });
}

/** The subscriber as a caller: their permissions and access lists now (a locked or removed user gets nothing). */
async function callerOf(ctx: TModuleContext, userId: string, spaceId: string, spacePath: string): Promise<(TAuth & { email: string }) | null> {
  const row = await createIdentityLoader(ctx.db).load(userId, spacePath);
  if (!row || row.status !== 'ACTIVE' || !row.member) return null;
  const permissions = (row.permissions as string[]) ?? [];
  const isAdmin = permissions.includes('ADMIN') || row.super_admin === true;
  if (!isAdmin && !permissions.includes('ANALYTICS:READ')) return null;
  const email = await unsafeUnscoped(ctx.db, (tx) => tx.execute<{ email: string }>(sql`select email from users where id = ${userId}`));
  return {
    userId,
    spaceId,
    spacePath,
    permissions,
    roles: (row.roles as string[]) ?? [],
    isAdmin,
    isAuditor: row.is_auditor === true,
    access: accessListsOf(row),
    language: (row.language as string) || 'es',
    email: email.rows[0]!.email,
  };
}

export const digestMailJob = defineJob({
  name: 'statistics.digest-mail',
  payload: z.object({ userId: z.string().uuid(), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  options: { retryLimit: 4, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  handler: async (job, ctx) => {
    if (!job.scope) return;
    const caller = await callerOf(ctx, job.payload.userId, job.scope.spaceId, job.scope.spacePath);
    if (!caller) return;
    const { month } = job.payload;
    const [from, to] = monthOf(`${month}-01`);
    const data = await reportData(ctx, caller, { from, to });
    const l = labelsFor(caller.language);
    const pdf = await categorizationPdf(data, l, `${from} – ${to}`);
    const s = data.summary;
    const pct = s.avgScorePct === null ? '–' : s.avgScorePct.toFixed(1);
    await ctx.mail.send({
      to: [caller.email],
      subject: `${l.digestSubject} ${month}`,
      text: [
        `${l.digestIntro} ${month}.`,
        '',
        `${l.audits}: ${s.audits}`,
        `${l.avgScore}: ${pct}`,
        `${l.issues}: ${s.issues.issues} (${l.high}: ${s.issues.high}, ${l.resolved}: ${s.issues.resolved})`,
        '',
        l.digestAttached,
      ].join('\n'),
      attachments: [{ filename: `${l.pdfFile.replace(/\.pdf$/, '')}-${month}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  },
});

export const monthlyDigestJob = defineJob({
  name: 'statistics.monthly-digest',
  payload: z.object({ now: z.string().datetime().optional() }),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  handler: async (job, ctx) => {
    await queueMonthlyDigests(ctx, job.payload.now ? new Date(job.payload.now) : new Date());
  },
});

/** Hourly, so each space's 07:00 on the 1st is met whatever its time zone. */
export const monthlyDigestSchedule: TSchedule = { job: monthlyDigestJob, cron: '15 * * * *', tz: 'UTC' };
