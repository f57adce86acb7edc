import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { LAB_EXPORT_BATCH } from './export.js';

/**
 * Issue 16: "Excel export of any filtered list", the lab incidents' list (/incidents/list/lab-data)
 * too: `POST /lab-incidents/export-excel` takes the list's search body and streams its rows, in the
 * list's order, with the headers in the user's language; 832 when nothing matches; labDataAccess
 * and the tenant limit it as they limit the list.
 */
const REPORTS = '/ms-core/api/lab-reports';
const INCIDENTS = '/ms-core/api/lab-incidents';
const EXPORT = `${INCIDENTS}/export-excel`;

let t: TTestApp;
let tenant: TTenant;
let lab: TApiClient;
let labToken: string;
let poolToken: string;
let outsider: TApiClient;

const labUser = async (tt: TTenant, name: string, access: string[] = []) => {
  const user = await addUser(t.db, { email: `${name}.${tt.tag}@example.com`, firstName: name, home: tt.client, roleIds: [tt.roles.laboratory!] });
  if (access.length)
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set lab_data_access = string_to_array(${access.join(',')}, ',') where id = ${user.id}`));
  const signed = await signIn(t.app, user.email);
  return { api: signed.api, token: signed.session.accessToken };
};

/** The export as the list's body asks it, read back with exceljs: the sheet's rows (the header first). */
const exported = async (token: string, body: object) => {
  const res = await t.app.inject({ method: 'POST', url: EXPORT, payload: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(String(res.headers['content-disposition'])).toMatch(/\.xlsx"$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'labx');
  const other = await createTenant(t.db, 'labxo');
  const tower = await addSpace(t.db, { name: 'Torre de refrigeración', parent: tenant.establishment, type: 'AREA' });
  ({ api: lab, token: labToken } = await labUser(tenant, 'lab'));
  poolToken = (await labUser(tenant, 'poolonly', ['labDataPool'])).token;
  outsider = (await labUser(other, 'outsider')).api;
  const report = (number: string, category: string, extractionDate: string, value: number) => ({
    category,
    number,
    space: tower.id,
    resultCode: category === 'legionella' ? 'LEG' : 'ECO',
    extractionDate,
    results: [{ parameter: category === 'legionella' ? 'Legionella spp.' : 'E. coli', value, unit: 'UFC/L', maxValue: 1000 }],
  });
  await expectOk(lab.post(REPORTS, report('L-1', 'legionella', '2026-03-02', 1500)));
  await expectOk(lab.post(REPORTS, report('L-2', 'legionella', '2026-03-05', 2400)));
  await expectOk(lab.post(REPORTS, report('P-1', 'pool', '2026-03-03', 1200)));
}, 120_000);
afterAll(() => t.close());

describe('POST /lab-incidents/export-excel', () => {
  it('streams the filtered list as an .xlsx, in the list’s order and the user’s language', async () => {
    const body = { filters: [{ field: 'status', operator: '$in', value: ['draft'] }], sort: '-openDate' };
    const list = await expectOk(lab.post(`${INCIDENTS}/search`, { ...body, size: 100 }));
    expect(list).toHaveLength(3);
    const spanish = await exported(labToken, body);
    expect(spanish[0]).toEqual(['Informe', 'Categoría', 'Parámetro', 'Valor', 'Unidad', 'Mínimo', 'Máximo', 'Estado', 'Lugar', 'Fecha de apertura']);
    expect(spanish.slice(1).map((r) => r[0])).toEqual(list.map((i: { report: { number: string } }) => i.report.number));
    const first = list[0] as { report: { number: string }; parameter: string; value: number; place: string };
    // An empty cell (no minimum) reads back as undefined.
    expect(spanish[1]).toEqual([
      first.report.number,
      'Legionela',
      first.parameter,
      first.value,
      'UFC/L',
      undefined,
      1000,
      'Borrador',
      first.place,
      expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
    ]);
    expect(first.place).toBeTruthy();
    expect(
      spanish
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Legionela', 'Legionela', 'Piscina']);

    await expectOk(lab.patch('/ms-core/api/users/me/language', { language: 'en' }));
    const english = await exported(labToken, { filters: [{ field: 'category', value: 'legionella' }] });
    expect(english[0]!.slice(0, 3)).toEqual(['Report', 'Category', 'Parameter']);
    expect(english.slice(1).map((r) => [r[1], r[7]])).toEqual([
      ['Legionella', 'Draft'],
      ['Legionella', 'Draft'],
    ]);
  });

  it('names no rows outside labDataAccess or the tenant; 832 when nothing matches; a bad filter is 400', async () => {
    const pool = await exported(poolToken, {});
    expect(pool.slice(1).map((r) => r[0])).toEqual(['P-1']);
    const empty = await lab.post(EXPORT, { filters: [{ field: 'status', value: 'SOLVED' }] });
    expect([empty.status, empty.body.reference]).toEqual([404, '832']);
    const outside = await outsider.post(EXPORT, {});
    expect([outside.status, outside.body.reference]).toEqual([404, '832']);
    const bad = await lab.post(EXPORT, { filters: [{ field: 'status', value: 'bogus' }] });
    expect([bad.status, bad.body.fields]).toEqual([400, ['filters.status']]);
  });
});

describe('an export longer than a batch', () => {
  it('walks every row once, in the list’s order, across batches with open dates a microsecond apart', async () => {
    const rows = LAB_EXPORT_BATCH * 2 + 37;
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`
        insert into lab_incidents (space_id, secure_space_path, report_id, status, category, parameter, value, unit, max_value, client_id, establishment_id, open_date)
        select space_id, secure_space_path, report_id, 'RUNNING', category, 'P ' || lpad(i::text, 5, '0'), i, unit, max_value, client_id, establishment_id,
               timestamptz '2026-03-01 10:00:00+00' + (i % 7) * interval '1 microsecond'
        from lab_incidents, generate_series(1, ${rows}) as i
        where parameter = 'E. coli'`),
    );
    const order = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ parameter: string }>(sql`select parameter from lab_incidents where status = 'RUNNING' order by open_date desc, id desc`),
    );
    expect(order.rows).toHaveLength(rows);
    const sheet = await exported(labToken, { filters: [{ field: 'status', value: 'RUNNING' }] });
    expect(sheet.slice(1).map((r) => r[2])).toEqual(order.rows.map((r) => r.parameter));
  });
});
