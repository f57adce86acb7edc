import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYED_CALLS } from '@audit/domain/calls/keyed';
import { todayInZone } from '@audit/domain/dates';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { signIn } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../../test/incidents.js';
import { cameraJpeg, multipartBody } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';
import { REG, registerFixture } from '../../modules/registers/test/fixture.js';
import { unsafeUnscoped } from '../tenancy.js';

/**
 * Decision 0093: every write the web sends with an Idempotency-Key stores its answer with the key in
 * the write's own transaction. The route table says so for each (a new keyed call cannot be
 * forgotten), and each changed route shows it: with the test-only failpoint 'lose-after-commit'
 * everything after the commit is lost (the answer, and the store that used to follow it), as in a
 * crash; the retry with the same key must then be answered, replayed, with the very bytes of the
 * first answer, the write made once. (Before, it answered 409 IDEM0001 for the key's seven days;
 * crash.postgres.test.ts kills a real server there.)
 */
const dataDir = mkdtempSync(join(tmpdir(), 'audit-atomic-'));
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await auditTenant(t, 'atomic');
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = async (query: ReturnType<typeof sql>) => unsafeUnscoped(t.db, async (tx) => (await tx.execute<{ n: number }>(query)).rows[0]!.n);

/** A request as a device sends it, with a bearer token. */
type TRequest = Omit<InjectOptions, 'headers'> & { token: string; headers?: Record<string, string> };
const inject = ({ token, headers, ...request }: TRequest, key: string) =>
  t.app.inject({ ...request, headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': key } } as InjectOptions);

/**
 * Sends the request with a new key while everything after its commit is lost, then again with that
 * key: the retry must be the first answer, replayed byte for byte, and a third attempt the same.
 */
async function lostThenRetried(request: TRequest) {
  const key = randomUUID();
  const before = process.env.AUDIT_TEST_FAILPOINT;
  process.env.AUDIT_TEST_FAILPOINT = 'lose-after-commit';
  let lost;
  try {
    lost = await inject(request, key);
  } finally {
    if (before === undefined) delete process.env.AUDIT_TEST_FAILPOINT;
    else process.env.AUDIT_TEST_FAILPOINT = before;
  }
  expect(lost.statusCode, lost.payload).toBeLessThan(300);
  const retry = await inject(request, key);
  expect([retry.statusCode, retry.headers['idempotency-replayed']]).toEqual([lost.statusCode, 'true']);
  expect(retry.payload).toBe(lost.payload);
  expect((await inject(request, key)).payload).toBe(lost.payload);
  return { status: retry.statusCode, body: retry.payload ? retry.json() : null };
}

const photo = async (fields: Record<string, string> = {}) =>
  multipartBody({ buffer: await cameraJpeg(320, 240), filename: 'foto.jpg', contentType: 'image/jpeg' }, fields);

describe('keyed writes of the web are atomic', () => {
  it("every call the web sends keyed is registered 'in-transaction' (or 'in-handler': the answer)", () => {
    const routes = new Map(t.app.routeTable.filter((r) => r.call).map((r) => [r.call!, r]));
    const found = KEYED_CALLS.map((call) => [call.name, routes.get(call.name)?.idempotency ?? 'after the commit']);
    expect(found.filter(([, how]) => how !== 'in-transaction' && how !== 'in-handler')).toEqual([]);
  });

  it('the run view: removals (204) of an answer, photos and a section copy; photos of an issue and of the note (multipart)', async () => {
    const { id, ids } = await runningAudit(f);
    const q = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    const token = f.auditorToken;
    const answer = await expectOk(
      f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }),
    );
    expect(await lostThenRetried({ method: 'DELETE', url: `${AUDITS}/${id}/answer/${answer._id}/remove`, token })).toEqual({ status: 204, body: null });
    expect(await count(sql`select count(*)::int as n from audit_answers where audit_id = ${id}`)).toBe(0);

    await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }));
    await expectOk(f.auditor.patch(`${q}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
    const evidence = await photo({ issue: f.tpl.incidences.dirt._id });
    const added = await lostThenRetried({ method: 'POST', url: `${q}/evidences`, payload: evidence.payload, headers: evidence.headers, token });
    expect(added.body).toMatchObject({ type: 'photo', observation: null });
    const note = await photo();
    const image = await lostThenRetried({ method: 'POST', url: `${q}/note-images`, payload: note.payload, headers: note.headers, token });
    expect(await count(sql`select count(*)::int as n from audit_media where audit_id = ${id}`)).toBe(2);
    // The photos' bytes are served: the file rows committed with the media rows and the keys.
    for (const url of [added.body.url, image.body.url]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await lostThenRetried({ method: 'DELETE', url: `${q}/evidences/${added.body._id}`, token });
    await lostThenRetried({ method: 'DELETE', url: `${q}/note-images/${image.body._id}`, token });
    expect(await count(sql`select count(*)::int as n from audit_media where audit_id = ${id}`)).toBe(0);

    const copy = await expectOk(f.auditor.post(`${AUDITS}/${id}/sections/${ids.facilities}/duplicate`));
    await lostThenRetried({ method: 'DELETE', url: `${AUDITS}/${id}/sections/${copy._id}/remove`, token });
    expect(await count(sql`select count(*)::int as n from audit_sections where audit_id = ${id} and duplicated_from is not null`)).toBe(0);
  });

  it('the finish of an audit (online only, keyed all the same)', async () => {
    const { id, ids } = await runningAudit(f);
    for (const [question, option, incidence] of [
      [ids.floors, f.tpl.options.no, f.tpl.incidences.dirt._id],
      [ids.pests, f.tpl.pestsOptions[2]!, f.tpl.incidences.plague._id],
    ] as const) {
      await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question, templateAnswer: select(option) }));
      const q = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${question}`;
      await expectOk(f.auditor.patch(`${q}/issues-tasks`, { issuesToAdd: [incidence] }));
    }
    const contactFields = [
      { _id: ids.contactFields[0]!._id, value: 'Marta' },
      { _id: ids.contactFields[1]!._id, value: 'marta@hotel.es' },
    ];
    await expectOk(f.auditor.post(`${AUDITS}/${id}/contact-field/update`, { contactFields }));
    const finished = await lostThenRetried({ method: 'PATCH', url: `${AUDITS}/${id}/finished`, token: f.auditorToken });
    expect(finished.body).toMatchObject({ _id: id, status: 'finished' });
  });

  it("an incident: a comment (its authors' names read in the transaction), an action's status, a photo uploaded then added to the action", async () => {
    const audit = await finishedAuditWithIncidents(t, f);
    await expectOk(f.auditor.post(`${ISSUES}/${audit.dirt._id}/comments`, { text: 'Revisado por la auditora' }));
    // The client's user cannot read the company's users: the auditor's name comes from the reviewed unscoped read.
    const clientToken = (await signIn(t.app, f.tenant.clientUser.email)).session.accessToken;
    const comments = await lostThenRetried({
      method: 'POST',
      url: `${ISSUES}/${audit.dirt._id}/comments`,
      payload: { text: 'Limpio mañana' },
      token: clientToken,
    });
    expect(comments.body.map((c: { text: string; author: { name: string } }) => [c.text, Boolean(c.author.name)])).toEqual(
      expect.arrayContaining([
        ['Revisado por la auditora', true],
        ['Limpio mañana', true],
      ]),
    );
    expect(await count(sql`select count(*)::int as n from incident_comments where incident_id = ${audit.dirt._id}`)).toBe(2);

    const detail = await expectOk(f.auditor.get(`${ISSUES}/${audit.dirt._id}`));
    const task = detail.tasks[0] as { _id: string };
    const moved = await lostThenRetried({ method: 'PATCH', url: `${TASKS}/${task._id}`, payload: { status: 'running' }, token: f.auditorToken });
    expect(moved.body).toMatchObject({ _id: task._id, status: 'running' });

    const upload = await photo();
    const file = await lostThenRetried({
      method: 'POST',
      url: '/ms-core/api/files/image',
      payload: upload.payload,
      headers: upload.headers,
      token: f.auditorToken,
    });
    expect(file.body).toMatchObject({ width: 320, height: 240 });
    const withImage = await lostThenRetried({ method: 'POST', url: `${TASKS}/${task._id}/images`, payload: { fileId: file.body._id }, token: f.auditorToken });
    expect(withImage.body.images.map((i: { fileId: string }) => i.fileId)).toEqual([file.body._id]);
    expect(await count(sql`select count(*)::int as n from incident_evidences where task_id = ${task._id}`)).toBe(1);
  });

  it("a register's take (its author's name read in the transaction)", async () => {
    const r = await registerFixture(t, 'atomic-take');
    const take = { date: todayInZone('Europe/Madrid'), facilities: [{ _id: r.areas[0], values: [{ param: r.temperature, value: '3,5' }] }] };
    const saved = await lostThenRetried({ method: 'POST', url: `${REG}/${r.register}/answer/add`, payload: take, token: r.adminToken });
    expect(saved.body).toHaveLength(1);
    expect(saved.body[0].enteredBy.name).not.toBe('');
    expect(await count(sql`select count(*)::int as n from register_logs where register_id = ${r.register}`)).toBe(1);
  });
});
