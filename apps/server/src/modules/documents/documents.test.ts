import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { startMailbox, type TMailbox } from '../../test/mailbox.js';
import { multipartBody } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { expiryRemindersJob } from './reminders.js';

/** Documents (decision 0088): folders, uploads checked by content, versions, preview, sharing, expiry reminders. */
const BASE = '/ms-core/api/documents';
const dataDir = mkdtempSync(join(tmpdir(), 'documents-test-'));
let mail: TMailbox;
let t: TTestApp;
let f: TTenant;
let admin: { api: TApiClient; token: string };
let client: { api: TApiClient; token: string };
let folder: string;

const PDF = (text = 'hola') => Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\n% ${text}\ntrailer<<>>\n%%EOF\n`);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1bb6e8a0000000049454e44ae426082',
  'hex',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

const login = async (email: string) => {
  const s = await signIn(t.app, email);
  return { api: s.api, token: s.session.accessToken };
};
const upload = (token: string, file: { buffer: Buffer; filename: string; contentType?: string }, fields: Record<string, string>, language = 'es') => {
  const body = multipartBody({ contentType: 'application/pdf', ...file }, fields);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/upload`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': language },
  });
};
const stored = () => {
  try {
    return readdirSync(join(dataDir, 'files', 'document'), { recursive: true }).filter((n) => String(n).split('/').length === 2).length;
  } catch {
    return 0;
  }
};
const versionRows = async () =>
  unsafeUnscoped(t.db, async (tx) => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from document_versions`)).rows[0]!.n);
/** Streams `total` bytes of body in 1 MB chunks, stopping once the server answers; how much was written. */
const postUntilAnswered = (url: string, total: number, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(1024 * 1024, 0x25);
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      answered = true;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    // Once answered, the server closing the socket under our writes is expected.
    req.on('error', (error) => answered || reject(error));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
const drain = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ DATA_DIR: dataDir, SMTP_URL: mail.url, MAIL_FROM: 'Auditorías <no-reply@audit.test>' });
  f = await createTenant(t.db, 'docs');
  admin = await login(f.admin.email);
  client = await login(f.clientUser.email);
  folder = (await expectOk(client.api.post(`${BASE}/folders`, { space: f.client.id, name: 'Certificados' })))._id;
}, 900_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('folders', () => {
  it('per client or establishment, named; a second of the same name (any case) is 409; only empty ones are deleted', async () => {
    const dup = await client.api.post(`${BASE}/folders`, { space: f.client.id, name: 'certificados' });
    expect([dup.status, dup.body.reference]).toEqual([409, '420']);
    const plan = await expectOk(admin.api.post(`${BASE}/folders`, { space: f.establishment.id, name: 'Plan APPCC' }));
    expect(plan.space).toMatchObject({ _id: f.establishment.id, type: 'ESTABLISHMENT' });
    expect((await admin.api.post(`${BASE}/folders`, { space: f.area.id, name: 'X' })).status).toBe(400);
    const list = await expectOk(client.api.post(`${BASE}/folders/search`, { filters: [{ field: 'space', value: f.client.id }] }));
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Certificados']);
    expect((await expectOk(admin.api.delete(`${BASE}/folders/${plan._id}`))).ok).toBe(true);
  });
});

describe('upload, preview and versions', () => {
  it('several files at once; a PDF previews inline with a safe name; a new upload keeps the old version', async () => {
    const [a, b] = await Promise.all([
      upload(client.token, { buffer: PDF('v1'), filename: 'Certificado DDD.pdf' }, { folder, expiryDate: '2031-01-31', effectiveDate: '2030-02-01' }),
      upload(client.token, { buffer: PNG, filename: 'plano.png', contentType: 'image/png' }, { folder }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const doc = a.json();
    expect(doc).toMatchObject({ name: 'Certificado DDD.pdf', contentType: 'application/pdf', version: 1, expiryDate: '2031-01-31', state: 'valid' });
    const preview = await client.api.call('GET', `${BASE}/${doc._id}/versions/${doc.currentVersion}/content`);
    expect(preview.status).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${doc._id}/versions/${doc.currentVersion}/content`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Certificado DDD.pdf"; filename*=UTF-8''Certificado%20DDD.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PDF('v1'))).toBe(true);
    const image = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${b.json()._id}/versions/${b.json().currentVersion}/content`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(image.headers['content-type']).toBe('image/png');

    const v2 = await upload(client.token, { buffer: PDF('v2'), filename: 'renovado.pdf' }, { document: doc._id, expiryDate: '2032-01-31' });
    expect(v2.json()).toMatchObject({ _id: doc._id, version: 2, fileName: 'renovado.pdf', expiryDate: '2032-01-31' });
    expect(v2.json().versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const old = v2.json().versions[1];
    const oldBytes = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${doc._id}/versions/${old._id}/content?download=1`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(oldBytes.rawPayload.equals(PDF('v1'))).toBe(true);
    expect(oldBytes.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('refuses a file whose content is not what its name says, in the user language, storing nothing', async () => {
    const [files, rows] = [stored(), await versionRows()];
    const png = await upload(client.token, { buffer: PNG, filename: 'factura.pdf' }, { folder }, 'en');
    expect([png.statusCode, png.json().reference, png.json().message]).toEqual([
      415,
      'FIL0004',
      'The file content does not match its type, or that type is not allowed.',
    ]);
    const exe = await upload(client.token, { buffer: EXE, filename: 'informe.pdf' }, { folder });
    expect([exe.statusCode, exe.json().reference]).toEqual([415, 'FIL0004']);
    expect(exe.json().message).toMatch(/^El contenido del archivo/);
    const exeTxt = await upload(client.token, { buffer: EXE, filename: 'notas.txt' }, { folder });
    expect(exeTxt.statusCode).toBe(415);
    const passwd = await upload(client.token, { buffer: Buffer.from('root:x:0:0\n'), filename: '../../etc/passwd' }, { folder });
    expect(passwd.statusCode).toBe(415);
    expect([stored(), await versionRows()]).toEqual([files, rows]);
  });

  it('a path or NUL in a file name is made harmless', async () => {
    const res = await upload(client.token, { buffer: PDF(), filename: 'a/b\u0000c.pdf' }, { folder });
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe('bc.pdf');
    const back = await upload(client.token, { buffer: PDF(), filename: '..\\..\\windows\\acta.pdf' }, { folder });
    expect(back.json().fileName).toBe('acta.pdf');
  });

  it('a 200 MB upload is refused early (FIL0002) without the server reading it, nothing stored', async () => {
    const [files, rows] = [stored(), await versionRows()];
    // Over a real loopback socket: the client writes until the answer comes, as a browser would.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const total = 200 * 1024 * 1024;
    const { status, body, sent } = await postUntilAnswered(`${address}${BASE}/upload`, total, {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(total),
      authorization: `Bearer ${client.token}`,
    });
    expect([status, JSON.parse(body).reference]).toEqual([413, 'FIL0002']);
    expect(sent).toBeLessThan(total / 4);
    // Without a declared length the stream is cut at 50 MB: still FIL0002, still nothing kept.
    const big = multipartBody(
      { buffer: Buffer.concat([PDF(), Buffer.alloc(51 * 1024 * 1024, 0x20)]), filename: 'grande.pdf', contentType: 'application/pdf' },
      { folder },
    );
    const cut = await t.app.inject({
      method: 'POST',
      url: `${BASE}/upload`,
      payload: big.payload,
      headers: { ...big.headers, authorization: `Bearer ${client.token}` },
    });
    expect([cut.statusCode, cut.json().reference]).toEqual([413, 'FIL0002']);
    expect([stored(), await versionRows()]).toEqual([files, rows]);
  });
});

describe('search and access', () => {
  it('searches names with any characters, paged', async () => {
    await upload(client.token, { buffer: PDF(), filename: 'Control 100%_plagas.pdf' }, { folder });
    const hits = await client.api.post(`${BASE}/search`, { search: '100%_', size: 1 });
    expect(hits.status).toBe(200);
    expect(hits.body.map((d: { name: string }) => d.name)).toEqual(['Control 100%_plagas.pdf']);
    expect(hits.headers['x-total-count']).toBe('1');
    const page = await client.api.post(`${BASE}/search`, { filters: [{ field: 'folder', value: folder }], size: 2 });
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect((await client.api.post(`${BASE}/search`, { search: '\u0000\uD800' })).status).toBe(400);
  });

  it('another client or tenant: 404, never the bytes; without GOOGLE_DRIVE_VIEW: 452', async () => {
    const [doc] = await expectOk(client.api.post(`${BASE}/search`, { search: 'renovado' }));
    const otherClient = await addSpace(t.db, { name: 'Otro cliente', parent: f.root });
    const stranger = await addUser(t.db, { email: `otro.${f.tag}@example.com`, firstName: 'Otro', home: otherClient, roleIds: [f.roles.USER!] });
    const other = await login(stranger.email);
    const tenant2 = await createTenant(t.db, 'docs2');
    const foreign = await login(tenant2.admin.email);
    for (const who of [other, foreign]) {
      expect((await who.api.get(`${BASE}/${doc._id}`)).status).toBe(404);
      const bytes = await who.api.get(`${BASE}/${doc._id}/versions/${doc.currentVersion}/content`);
      expect(bytes.status).toBe(404);
      expect(await expectOk(who.api.post(`${BASE}/search`, {}))).toEqual([]);
      const up = await upload(who.token, { buffer: PDF(), filename: 'x.pdf' }, { document: doc._id });
      expect(up.statusCode).toBe(404);
    }
    const worker = await addUser(t.db, { email: `worker.${f.tag}@example.com`, firstName: 'W', home: f.root, roleIds: [f.roles.worker!] });
    const w = await login(worker.email);
    expect((await w.api.post(`${BASE}/search`, {})).body.reference).toBe('452');
  });
});

describe('sharing and reminders', () => {
  it('sharing tells each new user in the bell (SHARE_FILE) and by e-mail, once', async () => {
    const colleague = await addUser(t.db, { email: `colega.${f.tag}@example.com`, firstName: 'Colega', home: f.client, roleIds: [f.roles.USER!] });
    const [doc] = await expectOk(client.api.post(`${BASE}/search`, { search: 'renovado' }));
    const people = await expectOk(client.api.get(`${BASE}/${doc._id}/people`));
    expect(people.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([colleague.id, f.clientUser.id]));
    expect(people.map((p: { _id: string }) => p._id)).not.toContain(f.admin.id); // above the client's scope
    await drain();
    mail.clear();
    const shared = await Promise.all([1, 2].map(() => client.api.call('PUT', `${BASE}/${doc._id}/shares`, { users: [colleague.id] })));
    expect(shared.map((r) => r.status)).toEqual([200, 200]);
    expect(shared[0]!.body.sharedWith.map((u: { _id: string }) => u._id)).toEqual([colleague.id]);
    const bell = await expectOk((await login(colleague.email)).api.post('/ms-core/api/notifications/search', {}));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ type: 'SHARE_FILE', payload: { body: { event: 'shared', name: 'Certificado DDD.pdf', documentId: doc._id } } });
    await drain();
    expect(mail.received.map((m) => m.to)).toEqual([[colleague.email]]);
    expect(mail.received[0]!.raw.replace(/=\r?\n/g, '')).toContain(`/documentation?document=3D${doc._id}`);
    expect((await client.api.call('PUT', `${BASE}/${doc._id}/shares`, { users: [f.admin.id] })).status).toBe(400);
  });

  it('reminds 30, 7 and 1 days before the expiry, each once per version (the job’s own clock)', async () => {
    const [doc] = await expectOk(client.api.post(`${BASE}/search`, { search: 'renovado' }));
    expect(doc.expiryDate).toBe('2032-01-31');
    const runAt = async (iso: string) => {
      await drain();
      mail.clear();
      await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, expiryRemindersJob, { now: iso }));
      await drain();
      return mail.received.flatMap((m) => m.to).sort();
    };
    const both = [f.clientUser.email, `colega.${f.tag}@example.com`].sort();
    expect(await runAt('2031-12-31T09:00:00.000Z')).toEqual([]);
    expect(await runAt('2032-01-01T09:00:00.000Z')).toEqual(both); // 30 days before
    expect(await runAt('2032-01-01T15:00:00.000Z')).toEqual([]); // a rerun the same day
    expect(await runAt('2032-01-24T09:00:00.000Z')).toEqual(both); // 7 days
    expect(await runAt('2032-01-30T09:00:00.000Z')).toEqual(both); // 1 day
    expect(await runAt('2032-01-30T10:00:00.000Z')).toEqual([]);
    expect(await runAt('2032-01-31T09:00:00.000Z')).toEqual([]);
    const reminders = await unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ days: number }>(sql`select days from document_reminders order by days`)).rows,
    );
    expect(reminders.map((r) => r.days)).toEqual([1, 7, 30]);
    const bell = await expectOk(client.api.post('/ms-core/api/notifications/search', { filters: [{ field: 'type', value: 'SHARE_FILE' }] }));
    expect(bell.map((n: { payload: { body: { status: string } } }) => n.payload.body.status).sort()).toEqual(['expiring:1', 'expiring:30', 'expiring:7']);
    // Two servers at once: the same reminders are claimed by one of them only.
    await upload(client.token, { buffer: PDF('v3'), filename: 'v3.pdf' }, { document: doc._id, expiryDate: '2033-01-31' });
    await drain();
    mail.clear();
    await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, expiryRemindersJob, { now: '2033-01-24T09:00:00.000Z' }));
    await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, expiryRemindersJob, { now: '2033-01-24T09:00:01.000Z' }));
    await drain();
    expect(mail.received.flatMap((m) => m.to).sort()).toEqual(both); // the new version's 7-day reminder, once
  });

  it('the state: expired red, within 30 days amber, later green; delete removes every version and its bytes', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
    const expired = (await upload(client.token, { buffer: PDF(), filename: 'caducado.pdf' }, { folder, expiryDate: day(-3) })).json();
    const soon = (await upload(client.token, { buffer: PDF(), filename: 'pronto.pdf' }, { folder, expiryDate: day(10) })).json();
    expect([expired.state, soon.state]).toEqual(['expired', 'expiring']);
    const amber = await expectOk(client.api.post(`${BASE}/search`, { filters: [{ field: 'state', value: 'expiring' }] }));
    expect(amber.map((d: { _id: string }) => d._id)).toEqual([soon._id]);
    const files = stored();
    expect((await expectOk(client.api.delete(`${BASE}/${expired._id}`))).ok).toBe(true);
    expect(stored()).toBe(files - 1);
    expect((await client.api.get(`${BASE}/${expired._id}`)).status).toBe(404);
  });
});
