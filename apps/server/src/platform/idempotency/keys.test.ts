import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { cameraJpeg, multipartBody } from '../../test/multipart.js';
import { unsafeUnscoped } from '../tenancy.js';

/**
 * A write repeated with the same Idempotency-Key (the offline queue's replay after a lost
 * response) happens once and is answered with the first response.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'audit-idem-'));
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await auditTenant(t, 'idem');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const keyed = (key: string) => ({ 'idempotency-key': key });
const count = async (query: ReturnType<typeof sql>) => unsafeUnscoped(t.db, async (tx) => (await tx.execute<{ n: number }>(query)).rows[0]!.n);

describe('idempotency keys', () => {
  it('answers a repeated add with the first result, marked as replayed, and keeps one answer', async () => {
    const { id, ids } = await runningAudit(f);
    const body = { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) };
    const first = await f.auditor.call('POST', `${AUDITS}/${id}/answer/add`, body, keyed('k-answer-1'));
    expect(first.status).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    // Meanwhile the auditor changed their mind; the replay of the old request must not undo it.
    await f.auditor.post(`${AUDITS}/${id}/answer/add`, { ...body, templateAnswer: select(f.tpl.options.yes) });
    const again = await f.auditor.call('POST', `${AUDITS}/${id}/answer/add`, body, keyed('k-answer-1'));
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const audit = (await f.auditor.get(`${AUDITS}/${id}`)).body;
    const floors = audit.sections.flatMap((s: any) => s.questions).find((q: any) => q._id === ids.floors);
    expect(floors.answer.templateAnswer.select).toEqual([f.tpl.options.yes]);
  });

  it('an incident raised twice with one key is raised once; a photo uploaded twice is stored once', async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) });
    const raise = { issuesToAdd: [f.tpl.incidences.dirt._id] };
    const first = await f.auditor.call('PATCH', `${path}/issues-tasks`, raise, keyed('k-issue'));
    const again = await f.auditor.call('PATCH', `${path}/issues-tasks`, raise, keyed('k-issue'));
    expect(again.body).toEqual(first.body);
    expect(await count(sql`select count(*)::int as n from audit_issues where audit_id = ${id}`)).toBe(1);

    const photo = multipartBody({ buffer: await cameraJpeg(640, 480), filename: 'foto.jpg', contentType: 'image/jpeg' }, { issue: f.tpl.incidences.dirt._id });
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: `${path}/evidences`,
        payload: photo.payload,
        headers: { ...photo.headers, authorization: `Bearer ${f.auditorToken}`, ...keyed('k-photo') },
      });
    const one = await upload();
    const two = await upload();
    expect(one.statusCode).toBe(200);
    expect(two.headers['idempotency-replayed']).toBe('true');
    expect(two.json()).toEqual(one.json());
    expect(await count(sql`select count(*)::int as n from audit_media where audit_id = ${id}`)).toBe(1);
  });

  it("a write answering with its transaction's result stores its response in that transaction, byte for byte what was sent (decision 0090)", async () => {
    const { id, ids } = await runningAudit(f);
    const url = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}/note`;
    const send = () =>
      t.app.inject({
        method: 'PATCH',
        url,
        payload: { note: 'Suelo mojado junto a la cámara' },
        headers: { authorization: `Bearer ${f.auditorToken}`, ...keyed('k-note-tx') },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const stored = await unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ status: number; body: string }>(sql`select status, body from idempotency_keys where key = 'k-note-tx'`)).rows,
    );
    expect(stored).toEqual([{ status: 200, body: first.payload }]);
    const again = await send();
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.payload).toBe(first.payload);
  });

  it('twins sent at once: one writes, the other gets the same result or 409 IDEM0001 to retry', async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.pests}`;
    await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.pests, templateAnswer: select(f.tpl.pestsOptions[2]!) });
    const raise = { issuesToAdd: [f.tpl.incidences.plague._id] };
    const twins = await Promise.all([1, 2].map(() => f.auditor.call('PATCH', `${path}/issues-tasks`, raise, keyed('k-twin'))));
    for (const res of twins) expect(res.status === 200 || res.body.reference === 'IDEM0001').toBe(true);
    const retried = await f.auditor.call('PATCH', `${path}/issues-tasks`, raise, keyed('k-twin'));
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotency-replayed']).toBe('true');
    expect(await count(sql`select count(*)::int as n from audit_issues where audit_id = ${id}`)).toBe(1);
  });

  it('a failed write records nothing: the same key runs again once the problem is fixed', async () => {
    const { id, ids } = await runningAudit(f);
    const bad = await f.auditor.call(
      'POST',
      `${AUDITS}/${id}/answer/add`,
      { section: ids.records, question: ids.floors, templateAnswer: select(f.tpl.options.yes) },
      keyed('k-fix'),
    );
    expect(bad.body.fields).toEqual(['section']);
    const good = await f.auditor.call(
      'POST',
      `${AUDITS}/${id}/answer/add`,
      { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) },
      keyed('k-fix'),
    );
    expect(good.status).toBe(200);
    expect(good.headers['idempotency-replayed']).toBeUndefined();
  });

  it('keys are per user, tied to their request, and bounded', async () => {
    const { id, ids } = await runningAudit(f);
    const body = { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.part) };
    expect((await f.auditor.call('POST', `${AUDITS}/${id}/answer/add`, body, keyed('shared'))).status).toBe(200);
    // Another user's key of the same text is theirs: the admin's write runs (ADMIN passes 494).
    const admin = await f.admin.call('POST', `${AUDITS}/${id}/answer/add`, body, keyed('shared'));
    expect(admin.status).toBe(200);
    expect(admin.headers['idempotency-replayed']).toBeUndefined();
    // The same key on another call is a client bug, refused rather than answered with the wrong result.
    const other = await f.auditor.call('POST', `${AUDITS}/${id}/answer/add`, { ...body, question: ids.pests }, keyed('shared'));
    expect(other.status).toBe(200); // same URL and method: the first result, by design
    expect(other.headers['idempotency-replayed']).toBe('true');
    const elsewhere = await f.auditor.call('PATCH', `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}/note`, { note: 'x' }, keyed('shared'));
    expect(elsewhere.body.fields).toEqual(['Idempotency-Key']);
    expect((await f.auditor.call('POST', `${AUDITS}/${id}/answer/add`, body, keyed('x'.repeat(101)))).body.fields).toEqual(['Idempotency-Key']);
  });
});
