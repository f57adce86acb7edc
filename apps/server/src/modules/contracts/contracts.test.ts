import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { createRole } from '../../seed/build.js';

const CONTRACTS = '/ms-core/api/contracts';
const SERVICES = '/ms-core/api/services';

let t: TTestApp;
let a: TTenant;
let b: TTenant;
let admin: TApiClient;
let adminToken: string;
let otherAdmin: TApiClient;
let clientUser: TApiClient;
let clientReader: TApiClient;
let clientWriter: TApiClient;
let secondClient: { id: string };
const svc: Record<string, string> = {};
let foreignService: string;

const service = async (api: TApiClient, name: string, price: number, groupIva: string) =>
  (await expectOk(api.post(SERVICES, { name, executionTime: 2, price, salesAccount: 7050, groupIva })))._id as string;

/** A user of the client's own space with a role of these permissions. */
const clientPerson = async (name: string, permissions: string[]) => {
  const role = await unsafeUnscoped(t.db, (tx) => createRole(tx, a.root, { name: `${name}-${a.tag}`, permissions }));
  const user = await addUser(t.db, { email: `${name}.${a.tag}@example.com`, firstName: name, home: a.client, roleIds: [role] });
  return (await signIn(t.app, user.email)).api;
};

const body = (over: object = {}) => ({
  client: a.client.id,
  reference: 'CT-1',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  lines: [
    { service: svc.legionella, quantity: 7, unitPrice: 19.99, groupIva: 'typeC' },
    { service: svc.pool, quantity: 3, unitPrice: 33.33, groupIva: 'typeB' },
  ],
  ...over,
});
const create = async (over: object = {}) => expectOk(admin.post(CONTRACTS, body(over)));
const move = (id: string, status: string, api = admin) => api.patch(`${CONTRACTS}/${id}/status`, { status });
const expectInvalid = (res: { status: number; body: { reference?: string; fields?: string[] } }, field?: string) => {
  expect([res.status, res.body.reference]).toEqual([400, '400']);
  if (field) expect(res.body.fields).toContain(field);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'ct');
  b = await createTenant(t.db, 'ctb');
  const signed = await signIn(t.app, a.admin.email);
  admin = signed.api;
  adminToken = signed.session.accessToken;
  otherAdmin = (await signIn(t.app, b.admin.email)).api;
  clientUser = (await signIn(t.app, a.clientUser.email)).api;
  clientReader = await clientPerson('reader', ['CONTRACT:READ']);
  clientWriter = await clientPerson('writer', ['CONTRACT:READ', 'CONTRACT:CREATE', 'CONTRACT:WRITE', 'CONTRACT:DELETE']);
  secondClient = await addSpace(t.db, { name: `Second client ${a.tag}`, parent: a.root });
  svc.legionella = await service(admin, 'Control de legionela', 19.99, 'typeC');
  svc.pool = await service(admin, 'Control de piscina', 33.33, 'typeB');
  svc.cent = await service(admin, 'Servicio de un céntimo', 0.01, 'typeC');
  svc.exempt = await service(admin, 'Formación', 250, 'typeA');
  foreignService = await service(otherAdmin, 'Servicio ajeno', 10, 'typeA');
});
afterAll(() => t.close());

describe('service contracts: create and totals (decision 0083)', () => {
  it('computes the total to the cent: 19.99 × 7 at 21 % and 33.33 × 3 at 10 %', async () => {
    const c = await create();
    expect(c.status).toBe('DRAFT');
    expect(c.client).toEqual({ _id: a.client.id, name: `Client ${a.tag}` });
    expect(c.lines.map((l: { netCents: number; ivaCents: number; totalCents: number }) => [l.netCents, l.ivaCents, l.totalCents])).toEqual([
      [13_993, 2_939, 16_932],
      [9_999, 1_000, 10_999],
    ]);
    expect([c.netCents, c.ivaCents, c.totalCents, c.totalPrice]).toEqual([23_992, 3_939, 27_931, 279.31]);
    expect(c.moves).toEqual(['ACTIVE']);
    expect(c.can).toEqual({ update: true, changeStatus: true, delete: true });
    expect((await expectOk(admin.get(`${CONTRACTS}/${c._id}`))).totalCents).toBe(27_931);
  });

  it('takes the price and IVA group of the catalogue when a line does not set them; a cent at 21 % has no IVA', async () => {
    const c = await create({
      lines: [
        { service: svc.cent, quantity: 1 },
        { service: svc.exempt, quantity: 10_000 },
      ],
    });
    expect(c.lines.map((l: { unitPriceCents: number; groupIva: string; ivaCents: number }) => [l.unitPriceCents, l.groupIva, l.ivaCents])).toEqual([
      [1, 'typeC', 0],
      [25_000, 'typeA', 0],
    ]);
    expect(c.totalCents).toBe(250_000_001);
  });

  it('refuses negative or fractional quantities, negative prices, a third decimal and an end before the start (400)', async () => {
    const line = { service: svc.pool, quantity: 1 };
    expectInvalid(await admin.post(CONTRACTS, body({ lines: [{ ...line, quantity: -1 }] })));
    expectInvalid(await admin.post(CONTRACTS, body({ lines: [{ ...line, quantity: 2.5 }] })));
    expectInvalid(await admin.post(CONTRACTS, body({ lines: [{ ...line, unitPrice: -0.01 }] })));
    expectInvalid(await admin.post(CONTRACTS, body({ lines: [{ ...line, unitPrice: 1.001 }] })));
    expectInvalid(await admin.post(CONTRACTS, body({ lines: [] })));
    expectInvalid(await admin.post(CONTRACTS, body({ endDate: '2025-12-31' })));
    expectInvalid(await admin.post(CONTRACTS, body({ startDate: 'mañana' })));
    // Above the maxima: the bounds' own code (decision 0026), still a 400.
    const tooMany = await admin.post(CONTRACTS, body({ lines: [{ ...line, quantity: 10_001 }] }));
    expect([tooMany.status, tooMany.body.reference]).toEqual([400, 'VAL0001']);
  });

  it('refuses a service it cannot see, a client of another tenant, and a place that is not a client', async () => {
    expectInvalid(await admin.post(CONTRACTS, body({ lines: [{ service: foreignService, quantity: 1 }] })), 'lines.0.service');
    expectInvalid(await admin.post(CONTRACTS, body({ client: b.client.id })), 'client');
    expectInvalid(await admin.post(CONTRACTS, body({ client: a.establishment.id })), 'client');
  });

  it('keeps text with NUL bytes, lone surrogates or huge sizes from breaking anything', async () => {
    for (const reference of ['a\u0000b', 'x\ud800y', 'r'.repeat(100_000)]) {
      const res = await admin.post(CONTRACTS, body({ reference }));
      expect(res.status).toBeLessThan(500);
      expect(res.status).toBe(400);
    }
  });
});

describe('status: DRAFT → ACTIVE → CLOSED, and only a draft is edited', () => {
  it('moves along the machine; other moves are 400; a closed contract is read-only', async () => {
    const c = await create();
    expectInvalid(await move(c._id, 'CLOSED'), 'status');
    const active = await expectOk(move(c._id, 'ACTIVE'));
    expect([active.status, active.moves, active.can]).toEqual(['ACTIVE', ['CLOSED'], { update: false, changeStatus: true, delete: false }]);
    expectInvalid(await move(c._id, 'DRAFT'), 'status');
    expectInvalid(await admin.patch(`${CONTRACTS}/${c._id}`, { reference: 'changed' }), 'status');
    expectInvalid(await admin.delete(`${CONTRACTS}/${c._id}`), 'status');
    const closed = await expectOk(move(c._id, 'CLOSED'));
    expect(closed.status).toBe('CLOSED');
    expect(Date.now() - Date.parse(closed.closeAt)).toBeLessThan(60_000);
    expect(closed.moves).toEqual([]);
    expect(closed.can).toMatchObject({ update: false, delete: false });
    expectInvalid(await move(c._id, 'ACTIVE'), 'status');
    expectInvalid(await admin.patch(`${CONTRACTS}/${c._id}`, { lines: [{ service: svc.pool, quantity: 1 }] }), 'status');
    expect((await expectOk(admin.get(`${CONTRACTS}/${c._id}`))).totalCents).toBe(27_931);
  });

  it('parallel identical moves both answer the moved contract, recorded once', async () => {
    const c = await create();
    const [x, y] = await Promise.all([move(c._id, 'ACTIVE'), move(c._id, 'ACTIVE')]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.status, y.body.status]).toEqual(['ACTIVE', 'ACTIVE']);
  });

  it('edits a draft: new lines replace the old ones and the total follows', async () => {
    const c = await create();
    const edited = await expectOk(
      admin.patch(`${CONTRACTS}/${c._id}`, { reference: 'CT-EDIT', lines: [{ service: svc.pool, quantity: 300, unitPrice: 33.33 }] }),
    );
    // 33.33 × 300 = 9,999.00 net; 10 % = 999.90; 10,998.90.
    expect([edited.reference, edited.lines.length, edited.totalCents]).toEqual(['CT-EDIT', 1, 1_099_890]);
    expectInvalid(await admin.patch(`${CONTRACTS}/${c._id}`, { endDate: '2025-01-01' }), 'endDate');
  });

  it('deletes a draft with its lines', async () => {
    const c = await create();
    expect((await expectOk(admin.delete(`${CONTRACTS}/${c._id}`))).ok).toBe(true);
    expect((await admin.get(`${CONTRACTS}/${c._id}`)).status).toBe(404);
  });
});

describe('who sees and changes contracts', () => {
  it('another tenant neither sees nor changes them (404), nor lists them', async () => {
    const c = await create({ reference: `SECRET-${a.tag}` });
    for (const res of [
      await otherAdmin.get(`${CONTRACTS}/${c._id}`),
      await otherAdmin.patch(`${CONTRACTS}/${c._id}`, { reference: 'x' }),
      await move(c._id, 'ACTIVE', otherAdmin),
      await otherAdmin.delete(`${CONTRACTS}/${c._id}`),
      await otherAdmin.get(`${CONTRACTS}/${c._id}/pdf`),
    ]) {
      expect(res.status).toBe(404);
    }
    const list = await expectOk(otherAdmin.post(`${CONTRACTS}/search`, { size: 1000 }));
    expect(JSON.stringify(list)).not.toContain(c._id);
  });

  it('a client user without CONTRACT permissions is refused (452)', async () => {
    const res = await clientUser.post(`${CONTRACTS}/search`, {});
    expect([res.status, res.body.reference]).toEqual([403, '452']);
  });

  it("a client's people with CONTRACT:READ see only their own client's contracts, read-only", async () => {
    const mine = await create({ reference: `MINE-${a.tag}` });
    const theirs = await create({ client: secondClient.id, reference: `THEIRS-${a.tag}` });
    const list = await expectOk(clientReader.post(`${CONTRACTS}/search`, { size: 1000 }));
    const ids = list.map((c: { _id: string }) => c._id);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(theirs._id);
    expect((await clientReader.get(`${CONTRACTS}/${theirs._id}`)).status).toBe(404);
    const seen = await expectOk(clientReader.get(`${CONTRACTS}/${mine._id}`));
    expect([seen.can, seen.moves]).toEqual([{ update: false, changeStatus: false, delete: false }, []]);
    expect((await clientReader.patch(`${CONTRACTS}/${mine._id}`, { reference: 'x' })).body.reference).toBe('452');
    // Even holding the write permissions, the client's own people never write their contract (451).
    for (const res of [
      await clientWriter.patch(`${CONTRACTS}/${mine._id}`, { reference: 'x' }),
      await move(mine._id, 'ACTIVE', clientWriter),
      await clientWriter.delete(`${CONTRACTS}/${mine._id}`),
      await clientWriter.post(CONTRACTS, body()),
    ]) {
      expect([res.status, res.body.reference]).toEqual([403, '451']);
    }
    expect((await expectOk(clientWriter.get(`${CONTRACTS}/${mine._id}`))).can).toEqual({ update: false, changeStatus: false, delete: false });
  });
});

describe('the list, its Excel file and the PDF', () => {
  let listed: { _id: string; totalCents: number };
  beforeAll(async () => {
    listed = await create({ client: secondClient.id, reference: `LIST-${a.tag}`, lines: [{ service: svc.exempt, quantity: 2 }] });
    await expectOk(move(listed._id, 'ACTIVE'));
  });

  it('filters by client, status and service, and searches the reference and service names', async () => {
    const search = (filters: object[], extra: object = {}) =>
      expectOk(admin.post(`${CONTRACTS}/search`, { size: 1000, filters, ...extra })) as Promise<{ _id: string; status: string; client: { _id: string } }[]>;
    const byClient = await search([{ field: 'client', value: secondClient.id }]);
    expect(byClient.every((c) => c.client._id === secondClient.id)).toBe(true);
    expect(byClient.map((c) => c._id)).toContain(listed._id);
    const active = await search([{ field: 'status', operator: '$in', value: ['ACTIVE'] }]);
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((c) => c.status === 'ACTIVE')).toBe(true);
    const formation = await search([{ field: 'service', value: svc.exempt }]);
    expect(formation.map((c) => c._id)).toContain(listed._id);
    expect(
      (
        await search([
          { field: 'service', value: svc.legionella },
          { field: 'client', value: secondClient.id },
        ])
      ).map((c) => c._id),
    ).not.toContain(listed._id);
    expect((await search([], { search: 'formaci' })).map((c) => c._id)).toContain(listed._id);
    expect((await search([], { search: `LIST-${a.tag}` })).map((c) => c._id)).toEqual([listed._id]);
    const res = await admin.post(`${CONTRACTS}/search`, { size: 2 });
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(2);
    expectInvalid(await admin.post(`${CONTRACTS}/search`, { filters: [{ field: 'service', value: 'nope' }] }), 'filters.service');
    expectInvalid(await admin.post(`${CONTRACTS}/search`, { filters: [{ field: 'startDate', operator: 'gte', value: '2026-13-01' }] }), 'filters.startDate');
  });

  it('exports the filtered list as Excel with the amounts in euros, read back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${CONTRACTS}/export-excel`,
      payload: { search: `LIST-${a.tag}` },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('contratos.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows[0]).toEqual(['Referencia', 'Cliente', 'Estado', 'Inicio', 'Fin', 'Cierre', 'Servicios', 'Base imponible (€)', 'IVA (€)', 'Total (€)']);
    expect(rows.slice(1)).toEqual([[`LIST-${a.tag}`, `Second client ${a.tag}`, 'Activo', '2026-01-01', '2026-12-31', undefined, 'Formación × 2', 500, 0, 500]]);
    const none = await admin.post(`${CONTRACTS}/export-excel`, { search: 'nothing-matches-this' });
    expect([none.status, none.body.reference]).toEqual([404, '832']);
  });

  it('makes the PDF of a contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${CONTRACTS}/${listed._id}/pdf`, headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`contrato-LIST-${a.tag}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });
});
