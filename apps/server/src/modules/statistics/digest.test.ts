import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startOfDayInZone, todayInZone } from '@audit/domain/dates';
import type { TTestApp } from '../../test/harness.js';
import { createDemoTestApp } from '../../test/demo-template.js';
import { signIn } from '../../test/factories.js';
import { startMailbox, type TCaughtMail, type TMailbox } from '../../test/mailbox.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { DEMO_PASSWORD } from '../../seed/demo.js';
import { digestMonthDue, monthlyDigestJob } from './digest.js';

/**
 * The monthly digest (decision 0091): the demo client subscribes; the scheduled job, run with its own
 * clock, mails the previous month's dashboard with the corporate PDF attached over real SMTP, once per
 * month and subscriber however often it runs.
 */
let t: TTestApp;
let mail: TMailbox;
const DIGEST = '/ms-statistics/api/digest';

beforeAll(async () => {
  mail = await startMailbox();
  t = await createDemoTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Auditorías <no-reply@audit.test>' });
  // The run's first demo file seeds the day's demo template (half a year of audits through the audits
  // module's rules): room for a loaded machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

async function drain() {
  while ((await t.app.jobs.runDue()) > 0);
}
/** Runs the scheduled job as its timekeeper would, at `now`. */
async function runAt(now: Date) {
  await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, monthlyDigestJob, { now: now.toISOString() }));
  await drain();
}
/** The attached parts of a caught message: their content type and decoded bytes. */
function attachmentsOf(message: TCaughtMail) {
  const parts = message.raw.split(/\r?\n--[^\r\n]+/);
  return parts
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      return { type: /Content-Type: ([^;\r\n]+)/i.exec(part)?.[1], bytes: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') };
    });
}

describe('the monthly digest', () => {
  it('is due from 07:00 on the 1st in the space’s time zone, for the previous month', () => {
    expect(digestMonthDue(new Date('2026-12-01T05:59:00Z'), 'Europe/Madrid')).toBeNull();
    expect(digestMonthDue(new Date('2026-12-01T06:00:00Z'), 'Europe/Madrid')).toBe('2026-11');
    // The same instant is 01:00 in New York: not yet there.
    expect(digestMonthDue(new Date('2026-12-01T06:00:00Z'), 'America/New_York')).toBeNull();
    expect(digestMonthDue(new Date('2026-12-01T12:00:00Z'), 'America/New_York')).toBe('2026-11');
    expect(digestMonthDue(new Date('2027-01-15T12:00:00Z'), 'Europe/Madrid')).toBe('2026-12');
  });

  it('the client subscribes; the job mails the dashboard with the PDF once per month, in the client’s language', async () => {
    const client = await signIn(t.app, 'client@demo.test', DEMO_PASSWORD);
    expect((await client.api.get(DIGEST)).body).toEqual({ subscribed: false, lastMonth: null });
    // Twice at once: one subscription.
    const both = await Promise.all([client.api.call('PUT', DIGEST, { subscribed: true }), client.api.call('PUT', DIGEST, { subscribed: true })]);
    expect(both.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    const rows = await unsafeUnscoped(t.db, (tx) => tx.execute<{ n: number }>(sql`select count(*)::int as n from statistics_digests`));
    expect(rows.rows[0]!.n).toBe(1);
    expect((await client.api.call('PUT', DIGEST, { subscribed: true, extra: 1 })).status).toBe(400);

    // The first of this month in Madrid: before 07:00 nothing, at 08:00 last month's digest.
    const first = `${todayInZone('Europe/Madrid').slice(0, 7)}-01`;
    const midnight = startOfDayInZone(first, 'Europe/Madrid');
    mail.clear();
    await runAt(new Date(midnight.getTime() + 6 * 3_600_000));
    expect(mail.to('client@demo.test')).toHaveLength(0);
    const eight = new Date(midnight.getTime() + 8 * 3_600_000);
    await runAt(eight);
    const sent = mail.to('client@demo.test');
    expect(sent).toHaveLength(1);
    const month = digestMonthDue(eight, 'Europe/Madrid')!;
    expect(sent[0]!.subject).toBe(`Resumen mensual de auditorías ${month}`);
    const [pdf] = attachmentsOf(sent[0]!);
    expect(pdf!.type).toBe('application/pdf');
    expect(pdf!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await client.api.get(DIGEST)).body).toEqual({ subscribed: true, lastMonth: month });

    // A rerun, and two servers' runs at once: nothing more this month.
    await runAt(new Date(eight.getTime() + 3_600_000));
    await Promise.all([runAt(new Date(eight.getTime() + 7_200_000)), runAt(new Date(eight.getTime() + 7_200_000))]);
    expect(mail.to('client@demo.test')).toHaveLength(1);

    // In English once the client reads English; unsubscribed, nothing.
    await client.api.patch('/ms-core/api/users/me/language', { language: 'en' });
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update statistics_digests set last_month = null`));
    await runAt(eight);
    expect(mail.to('client@demo.test').at(-1)!.subject).toBe(`Monthly audit digest ${month}`);
    expect((await client.api.call('PUT', DIGEST, { subscribed: false })).body).toEqual({ subscribed: false, lastMonth: null });
    await runAt(new Date(eight.getTime() + 40 * 86_400_000));
    expect(mail.to('client@demo.test')).toHaveLength(2);
  }, 300_000);

  it('is refused without ANALYTICS:READ', async () => {
    const staff = await signIn(t.app, 'cocina@demo.test', DEMO_PASSWORD);
    expect((await staff.api.call('PUT', DIGEST, { subscribed: true })).status).toBe(403);
  }, 120_000);
});
