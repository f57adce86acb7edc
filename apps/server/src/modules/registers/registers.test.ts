import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '@audit/domain/dates';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

/**
 * Registers over HTTP (decision 0031): templates with sections, fields and params; registers with
 * the section 5 rules; logs with RCL0001, 844, 422, RLD0001, open/close; status lists; access by
 * permission, registersAccess and tenant.
 */
const R = '/ms-registry/api';
const TPL = `${R}/template-registers`;
const SEC = `${R}/register-sections`;
const REG = `${R}/registers`;
let t: TTestApp;

interface TSide {
  tenant: TTenant;
  admin: TApiClient;
  auditor: TApiClient;
  client: TApiClient;
  worker: TApiClient;
  areas: string[];
  category: string;
  template: string;
  temperature: string;
  notes: string;
  signature: string;
}

async function side(label: string): Promise<TSide> {
  const tenant = await createTenant(t.db, label);
  const admin = (await signIn(t.app, tenant.admin.email)).api;
  const auditor = (await signIn(t.app, tenant.auditor.email)).api;
  const client = (await signIn(t.app, tenant.clientUser.email)).api;
  const w = await addUser(t.db, { email: `worker.${tenant.tag}@example.com`, firstName: 'Worker', home: tenant.client, roleIds: [tenant.roles.worker!] });
  const worker = (await signIn(t.app, w.email)).api;
  const extra = [
    await addSpace(t.db, { name: 'Cámara 2', parent: tenant.establishment, type: 'AREA' }),
    await addSpace(t.db, { name: 'Cámara 3', parent: tenant.establishment, type: 'AREA' }),
  ];
  const category = await expectOk(
    admin.post('/ms-core/api/categories', { name: `Cocina ${label}`, description: 'Registros de cocina', type: 'REGISTER', color: '#1677ff' }),
  );
  const template = await expectOk(admin.post(TPL, { name: 'Temperaturas', title: 'Control de temperaturas', category: category._id, reportType: 'Model_1' }));
  const section = await expectOk(admin.post(SEC, { template: template._id, title: 'Cámaras' }));
  const withParam = await expectOk(
    admin.post(`${SEC}/${section._id}/param/add`, { name: 'Temperatura', fieldType: 'number', unit: 'celsius', operation: 'between', min: 0, max: 5 }),
  );
  await expectOk(admin.post(`${SEC}/${section._id}/param/add`, { name: 'Observaciones', fieldType: 'text' }));
  const withField = await expectOk(admin.post(`${SEC}/${section._id}/field/add`, { name: 'Firma', fieldType: 'author' }));
  return {
    tenant,
    admin,
    auditor,
    client,
    worker,
    areas: [tenant.area.id, ...extra.map((s) => s.id)],
    category: category._id,
    template: template._id,
    temperature: withParam.params[0]._id,
    notes: (await expectOk(admin.get(`${TPL}/${template._id}`))).sections[0].params[1]._id,
    signature: withField.fields[0]._id,
  };
}

const registerBody = (s: TSide, over: Record<string, unknown> = {}) => ({
  name: 'Cámaras frigoríficas',
  areaAccess: 'KITCHEN',
  template: s.template,
  client: s.tenant.client.id,
  establishments: 'all',
  areas: 'all',
  category: s.category,
  period: 'monthly',
  frequency: 'daily',
  ...over,
});

let a: TSide;
let b: TSide;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await side('ra'), await side('rb')];
  today = todayInZone('Europe/Madrid');
}, 120_000);
afterAll(async () => t.close());

describe('register templates', () => {
  it('builds a template: header, sections, fields and params with limits, order, duplicate, suggested order', async () => {
    const tpl = await expectOk(a.admin.get(`${TPL}/${a.template}`));
    expect(tpl).toMatchObject({ name: 'Temperaturas', title: 'Control de temperaturas', language: 'es', reportType: 'Model_1', category: { _id: a.category } });
    expect(tpl.can).toEqual({ update: true, delete: true, duplicate: true });
    const section = tpl.sections[0];
    expect(section.params.map((p: { name: string }) => p.name)).toEqual(['Temperatura', 'Observaciones']);
    expect(section.params[0]).toMatchObject({ type: 'param', fieldType: 'number', unit: 'celsius', operation: 'between', min: 0, max: 5 });
    expect(section.fields[0]).toMatchObject({ type: 'field', fieldType: 'author', unit: null });

    const moved = await expectOk(a.admin.patch(`${SEC}/${section._id}/param/${a.notes}/order`, { position: 0 }));
    expect(moved.params.map((p: { name: string }) => p.name)).toEqual(['Observaciones', 'Temperatura']);
    await expectOk(a.admin.patch(`${SEC}/${section._id}/param/${a.notes}/order`, { position: 1 }));

    // A number's operation needs its limits, on add and on update (the merged param is checked).
    expect((await a.admin.post(`${SEC}/${section._id}/param/add`, { name: 'pH', fieldType: 'number', operation: 'greaterThan' })).status).toBe(400);
    const bad = await a.admin.patch(`${SEC}/${section._id}/param/${a.temperature}/update`, { operation: 'between', min: 9, max: 1 });
    expect(bad.status).toBe(400);
    const select = await a.admin.post(`${SEC}/${section._id}/param/add`, { name: 'Estado', fieldType: 'select', selectOption: 'Limpio, Sucio' });
    expect(select.status).toBe(200);
    const estado = select.body.params.find((p: { name: string }) => p.name === 'Estado');
    const removed = await expectOk(a.admin.delete(`${SEC}/${section._id}/param/${estado._id}/remove`));
    expect(removed.params).toHaveLength(2);

    const second = await expectOk(a.admin.post(SEC, { template: a.template, title: 'Limpieza' }));
    const reordered = await expectOk(a.admin.patch(`${SEC}/${second._id}/order`, { position: 0 }));
    expect(reordered.position).toBe(0);
    await expectOk(a.admin.delete(`${SEC}/${second._id}`));

    const copy = await expectOk(a.admin.post(`${TPL}/${a.template}/duplicate`));
    expect(copy.name).toBe('Temperaturas (copia)');
    expect(copy.sections[0].params.map((p: { name: string; min: number }) => [p.name, p.min])).toEqual([
      ['Temperatura', 0],
      ['Observaciones', null],
    ]);
    expect(copy.sections[0]._id).not.toBe(section._id);
    const { order } = await expectOk(a.admin.get(`${TPL}/suggested-order`));
    expect(order).toBe(2);
    const first = await expectOk(a.admin.post(`${TPL}/${copy._id}/reorder`, { position: 0 }));
    expect(first.order).toBe(0);
    const list = await a.admin.post(`${TPL}/search`, { size: 10 });
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Temperaturas (copia)', 'Temperaturas']);
    await expectOk(a.admin.delete(`${TPL}/${copy._id}`));
  });

  it('refuses a missing header field and a category that is not of registers; the auditor only reads', async () => {
    expect((await a.admin.post(TPL, { name: 'X', category: a.category, reportType: 'Model_1' })).status).toBe(400);
    const auditCategory = await expectOk(a.admin.post('/ms-core/api/categories', { name: 'Auditorías', description: 'x', type: 'TEMPLATE', color: '#000000' }));
    const wrong = await a.admin.post(TPL, { name: 'X', title: 'X', category: auditCategory._id, reportType: 'Model_1' });
    expect(wrong.status).toBe(400);
    expect((await a.auditor.get(`${TPL}/${a.template}`)).status).toBe(200);
    const refused = await a.auditor.patch(`${TPL}/${a.template}`, { name: 'x' });
    expect([refused.status, refused.body.reference]).toEqual([403, '452']);
  });
});

describe('registers management', () => {
  it('creates with the section 5 rules and answers totals for all', async () => {
    const res = await a.admin.post(REG, { ...registerBody(a), name: '' });
    expect(res.status).toBe(400);
    expect((await a.admin.post(REG, registerBody(a, { classification: 'cleaning', typologies: [crypto.randomUUID()] }))).status).toBe(400);
    expect((await a.admin.post(REG, registerBody(a, { period: 'weekly', frequency: 'monthly' }))).status).toBe(400);
    // An establishment of another client (tenant B's) is not the register's.
    expect((await a.admin.post(REG, registerBody(a, { establishments: [b.tenant.establishment.id] }))).status).toBe(400);
    expect((await a.admin.post(REG, registerBody(a, { areas: [a.tenant.establishment.id] }))).status).toBe(400);
    const typology = await expectOk(a.admin.post('/ms-core/api/typologies', { name: 'Nevera', description: 'Cámara de refrigeración', areaAccess: 'KITCHEN' }));
    const found = await a.client.post('/ms-core/api/typologies/search', { size: 10 });
    expect(found.body.map((x: { name: string }) => x.name)).toEqual(['Nevera']);
    const created = await expectOk(a.admin.post(REG, registerBody(a, { typologies: [typology._id] })));
    expect(created).toMatchObject({
      classification: 'measurement',
      establishments: 'all',
      areas: 'all',
      establishmentsTotal: 1,
      areasTotal: 3,
      hasData: false,
      status: 'pending',
      typologies: [{ _id: typology._id, name: 'Nevera' }],
      client: { _id: a.tenant.client.id },
    });
    const chosen = await expectOk(
      a.admin.post(REG, registerBody(a, { name: 'Dos cámaras', establishments: [a.tenant.establishment.id], areas: a.areas.slice(0, 2) })),
    );
    expect(chosen).toMatchObject({ establishmentsTotal: 1, areasTotal: 2 });
    expect(chosen.areas.map((x: { name: string }) => x.name).sort()).toEqual(['Cámara 2', `Area ${a.tenant.tag}`].sort());
    const list = await a.client.get(`${REG}/client/${a.tenant.client.id}`);
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Cámaras frigoríficas', 'Dos cámaras']);
  });

  it('edits: staff only; once it has data only name, areas and description; update-frequency within the period; delete warns', async () => {
    const reg = await expectOk(a.admin.post(REG, registerBody(a, { name: 'Editable' })));
    const byWorker = await a.worker.patch(`${REG}/${reg._id}`, { name: 'x' });
    expect([byWorker.status, byWorker.body.reference]).toEqual([403, '452']);
    expect((await a.admin.patch(`${REG}/${reg._id}/update-frequency`, { frequency: 'yearly' })).status).toBe(400);
    expect((await expectOk(a.auditor.patch(`${REG}/${reg._id}/update-frequency`, { frequency: 'weekly' }))).frequency).toBe('weekly');
    await expectOk(a.admin.patch(`${REG}/${reg._id}/update-frequency`, { frequency: 'daily' }));
    await expectOk(
      a.worker.post(`${REG}/${reg._id}/answer/add`, { date: today, facilities: [{ _id: a.areas[0], values: [{ param: a.temperature, value: '3,5' }] }] }),
    );
    const refused = await a.admin.patch(`${REG}/${reg._id}`, { period: 'yearly' });
    expect([refused.status, refused.body.fields]).toEqual([400, ['period']]);
    const renamed = await expectOk(a.admin.patch(`${REG}/${reg._id}`, { name: 'Renombrado', areas: a.areas }));
    expect(renamed).toMatchObject({ name: 'Renombrado', hasData: true, areasTotal: 3 });
    const warned = await a.admin.delete(`${REG}/${reg._id}`);
    expect([warned.status, warned.body.reference, warned.body.fields]).toEqual([409, '420', ['logs']]);
    expect(await expectOk(a.admin.delete(`${REG}/${reg._id}?force=true`))).toEqual({ ok: true, logs: 1 });
    expect((await a.admin.get(`${REG}/${reg._id}`)).status).toBe(404);
    // A template a register uses is not deleted.
    const inUse = await a.admin.delete(`${TPL}/${a.template}`);
    expect([inUse.status, inUse.body.reference]).toEqual([409, '420']);
  });
});

describe('logs', () => {
  it('saves a morning of three fridges: values with a comma, out of range flagged, who and when kept; 422 on a second save; force overwrites', async () => {
    const reg = await expectOk(a.admin.post(REG, registerBody(a, { name: 'Diario', period: 'daily' })));
    expect(reg.status).toBe('pending');
    const body = {
      date: today,
      facilities: a.areas.map((id, i) => ({ _id: id, values: [{ param: a.temperature, value: ['3,5', '4', '7,2'][i] }] })),
      fields: [{ field: a.signature, value: 'Worker' }],
    };
    const saved = await expectOk(a.worker.post(`${REG}/${reg._id}/answer/add`, body));
    expect(saved.map((e: { values: { value: number; outOfRange: boolean }[] }) => [e.values[0]!.value, e.values[0]!.outOfRange])).toEqual([
      [3.5, false],
      [4, false],
      [7.2, true],
    ]);
    expect(saved[0]).toMatchObject({ date: today, slot: today, take: 1, late: false, enteredBy: { name: 'Worker' } });
    expect(Date.now() - new Date(saved[0].enteredAt).getTime()).toBeLessThan(60_000);

    const check = await expectOk(a.worker.post(`${REG}/${reg._id}/answer/checkRegisterData`, { date: today, facilities: [a.areas[2]] }));
    expect(check.exists).toBe(true);
    expect(check.entries[0].values[0].value).toBe(7.2);
    const again = await a.worker.post(`${REG}/${reg._id}/answer/add`, {
      ...body,
      facilities: [{ _id: a.areas[2], values: [{ param: a.temperature, value: '4,1' }] }],
    });
    expect([again.status, again.body.reference]).toEqual([409, '422']);
    const forced = await expectOk(
      a.worker.post(`${REG}/${reg._id}/answer/add`, {
        ...body,
        force: true,
        facilities: [{ _id: a.areas[2], values: [{ param: a.temperature, value: '4,1' }] }],
      }),
    );
    expect(forced[0].values[0]).toEqual({ param: a.temperature, value: 4.1, outOfRange: false });
    const grid = await expectOk(a.client.post(`${REG}/${reg._id}/facility-data`, {}));
    expect(grid.takes).toEqual([{ slot: today, end: today, take: 1 }]);
    expect(grid.facilities).toHaveLength(3);
    expect(grid.entries).toHaveLength(3);
    expect((await expectOk(a.client.get(`${REG}/${reg._id}`))).status).toBe('completed');
    const completed = await a.client.post(`${REG}/completed/search`, {});
    expect(completed.body.map((x: { _id: string }) => x._id)).toContain(reg._id);
    const pending = await expectOk(a.client.post(`${REG}/check-pending`, { registers: [reg._id] }));
    expect(pending).toEqual([{ _id: reg._id, areaAccess: 'KITCHEN', pending: 0 }]);
  });

  it('refuses bad input with the catalogue error and stores nothing', async () => {
    const reg = await expectOk(a.admin.post(REG, registerBody(a, { name: 'Reglas', period: 'daily', manualCompletion: false })));
    const add = (body: object) => a.worker.post(`${REG}/${reg._id}/answer/add`, body);
    const one = (over: object = {}) => ({ date: today, facilities: [{ _id: a.areas[0], values: [{ param: a.temperature, value: '2' }] }], ...over });
    const future = await add(one({ date: addDays(today, 1) }));
    expect([future.status, future.body.fields]).toEqual([400, ['date']]);
    // A day the calendar does not have (before today, so it passes the "not after today" check): 400, not a 500.
    for (const date of ['2026-02-31', '2025-13-01']) {
      const impossible = await add(one({ date }));
      expect([impossible.status, impossible.body.fields]).toEqual([400, ['date']]);
      const checked = await a.worker.post(`${REG}/${reg._id}/answer/checkRegisterData`, { date, facilities: [a.areas[0]] });
      expect([checked.status, checked.body.fields]).toEqual([400, ['date']]);
      const closed = await a.admin.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date, open: false });
      expect([closed.status, closed.body.fields]).toEqual([400, ['date']]);
    }
    const past = await add(one({ date: addDays(today, -1) }));
    expect([past.status, past.body.reference]).toEqual([400, 'RCL0001']);
    const foreign = await add(one({ facilities: [{ _id: b.areas[0], values: [{ param: a.temperature, value: '2' }] }] }));
    expect([foreign.status, foreign.body.reference]).toEqual([400, '844']);
    expect((await add(one({ facilities: [] }))).status).toBe(400);
    expect((await add(one({ facilities: [{ _id: a.areas[0], values: [{ param: a.temperature, value: 'frío' }] }] }))).status).toBe(400);
    expect((await add(one({ facilities: [{ _id: a.areas[0], values: [{ param: b.temperature, value: '2' }] }] }))).status).toBe(400);
    expect((await add(one({ facilities: [{ _id: a.areas[0], completed: true }] }))).body.fields).toEqual(['completed']);
    expect((await add(one({ take: 2 }))).body.fields).toEqual(['take']);
    const grid = await expectOk(a.worker.post(`${REG}/${reg._id}/facility-data`, {}));
    expect(grid.entries).toEqual([]);
  });

  it('manual completion, daily close and period close after which staff reopen', async () => {
    const reg = await expectOk(a.admin.post(REG, registerBody(a, { name: 'Cerrable', period: 'daily', manualCompletion: true })));
    const manual = await expectOk(
      a.worker.post(`${REG}/${reg._id}/answer/add`, { date: today, facilities: [{ _id: a.areas[0], completed: true, reason: 'Cocina cerrada' }] }),
    );
    expect(manual[0]).toMatchObject({ completed: true, reason: 'Cocina cerrada', values: [] });
    expect((await a.worker.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date: today, open: false })).status).toBe(403);
    await expectOk(a.admin.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date: today, open: false }));
    const closedDay = await a.worker.post(`${REG}/${reg._id}/answer/add`, {
      date: today,
      facilities: [{ _id: a.areas[1], values: [{ param: a.temperature, value: '2' }] }],
    });
    expect(closedDay.body.reference).toBe('RCL0001');
    await expectOk(a.admin.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date: today, open: true }));
    expect((await a.admin.patch(`${REG}/${reg._id}/open-close`, { period: 'month', date: today, open: false })).status).toBe(400);
    await expectOk(a.auditor.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date: today, open: false }));
    await expectOk(a.auditor.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date: today, open: true }));
    await expectOk(a.admin.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date: today, open: false }));
    await expectOk(a.admin.patch(`${REG}/${reg._id}/open-close`, { period: 'day', date: today, open: true }));
    expect((await a.client.post(`${REG}/closed/search`, {})).body.map((x: { _id: string }) => x._id)).not.toContain(reg._id);
    // A monthly sheet is closed by its period's name: listed as closed, no more entries until reopened.
    const month = await expectOk(a.admin.post(REG, registerBody(a, { name: 'Mensual', period: 'monthly' })));
    await expectOk(a.admin.patch(`${REG}/${month._id}/open-close`, { period: 'month', date: today, open: false }));
    expect((await expectOk(a.client.get(`${REG}/${month._id}`))).status).toBe('closed');
    expect((await a.client.post(`${REG}/closed/search`, {})).body.map((x: { _id: string }) => x._id)).toEqual([month._id]);
    const write = () =>
      a.worker.post(`${REG}/${month._id}/answer/add`, { date: today, facilities: [{ _id: a.areas[0], values: [{ param: a.temperature, value: '2' }] }] });
    expect((await write()).body.reference).toBe('RCL0001');
    await expectOk(a.admin.patch(`${REG}/${month._id}/open-close`, { period: 'month', date: today, open: true }));
    expect((await write()).status).toBe(200);
    expect((await expectOk(a.client.get(`${REG}/${month._id}`))).status).not.toBe('closed');
  });

  it('an administrator correcting a past day holds it: the staff gets RLD0001', async () => {
    const reg = await expectOk(a.admin.post(REG, registerBody(a, { name: 'Corrección', period: 'monthly' })));
    const yesterday = addDays(today, -1);
    const body = { date: yesterday, facilities: [{ _id: a.areas[0], values: [{ param: a.temperature, value: '1' }] }] };
    const corrected = await expectOk(a.admin.post(`${REG}/${reg._id}/answer/add`, body));
    expect(corrected[0].late).toBe(true);
    const locked = await a.worker.post(`${REG}/${reg._id}/answer/add`, {
      ...body,
      facilities: [{ _id: a.areas[1], values: [{ param: a.temperature, value: '1' }] }],
    });
    expect([locked.status, locked.body.reference]).toEqual([409, 'RLD0001']);
    const es = await a.worker.call(
      'POST',
      `${REG}/${reg._id}/answer/checkRegisterData`,
      { date: yesterday, facilities: [a.areas[1]] },
      { 'accept-language': 'es' },
    );
    expect(es.body.message).toBe('Un administrador está modificando el registro; inténtelo más tarde.');
  });
});

describe('access', () => {
  it('REGISTER:READ only reads; registersAccess limits every call; another tenant sees nothing', async () => {
    const reg = await expectOk(a.admin.post(REG, registerBody(a, { name: 'Acceso', period: 'daily' })));
    const body = { date: today, facilities: [{ _id: a.areas[0], values: [{ param: a.temperature, value: '2' }] }] };
    const reader = await a.client.post(`${REG}/${reg._id}/answer/add`, body);
    expect([reader.status, reader.body.reference]).toEqual([403, '452']);

    const pool = await addUser(t.db, {
      email: `pool.${a.tenant.tag}@example.com`,
      firstName: 'Pool',
      home: a.tenant.client,
      roleIds: [a.tenant.roles.worker!],
    });
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`update users set registers_access = ${JSON.stringify([{ areaAccess: 'POOL' }])}::jsonb where id = ${pool.id}`),
    );
    const poolApi = (await signIn(t.app, pool.email)).api;
    const seen = await poolApi.post(`${REG}/search`, {});
    expect(seen.body).toEqual([]);
    expect((await poolApi.get(`${REG}/${reg._id}`)).body.reference).toBe('452');
    const refused = await poolApi.post(`${REG}/${reg._id}/answer/add`, body);
    expect([refused.status, refused.body.reference]).toEqual([403, '452']);
    expect(await expectOk(poolApi.post(`${REG}/pending/check-all`))).toEqual({ total: 0, byArea: {}, registers: [] });

    for (const api of [b.admin, b.worker]) {
      expect((await api.get(`${REG}/${reg._id}`)).status).toBe(404);
      expect((await api.post(`${REG}/${reg._id}/answer/add`, body)).status).toBe(404);
      expect((await api.post(`${REG}/${reg._id}/facility-data`, {})).status).toBe(404);
      expect((await api.post(`${REG}/search`, {})).body.map((x: { _id: string }) => x._id)).not.toContain(reg._id);
    }
    expect((await b.admin.get(`${TPL}/${a.template}`)).status).toBe(404);
    expect(
      (await b.admin.post(`${SEC}/${(await expectOk(a.admin.get(`${TPL}/${a.template}`))).sections[0]._id}/param/add`, { name: 'x', fieldType: 'text' }))
        .status,
    ).toBe(404);
    // A register for another tenant's client is refused.
    expect((await b.admin.post(REG, { ...registerBody(b), client: a.tenant.client.id })).status).toBe(400);
  });
});
