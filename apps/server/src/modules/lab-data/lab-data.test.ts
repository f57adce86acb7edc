import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { cameraJpeg, postMultipart } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

const REPORTS = '/ms-core/api/lab-reports';
const INCIDENTS = '/ms-core/api/lab-incidents';

let t: TTestApp;
let tenant: TTenant;
let other: TTenant;
let lab: TApiClient;
let labToken: string;
let client: TApiClient;
let admin: TApiClient;
let tower: { id: string };

const labUser = async (tt: TTenant, name: string, access: string[] = []) => {
  const user = await addUser(t.db, { email: `${name}.${tt.tag}@example.com`, firstName: name, home: tt.client, roleIds: [tt.roles.laboratory!] });
  if (access.length)
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set lab_data_access = string_to_array(${access.join(',')}, ',') where id = ${user.id}`));
  return signIn(t.app, user.email);
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'lab');
  other = await createTenant(t.db, 'labx');
  tower = await addSpace(t.db, { name: 'Torre de refrigeración', parent: tenant.establishment, type: 'AREA' });
  const signed = await labUser(tenant, 'lab');
  lab = signed.api;
  labToken = signed.session.accessToken;
  client = (await signIn(t.app, tenant.clientUser.email)).api;
  admin = (await signIn(t.app, tenant.admin.email)).api;
});
afterAll(() => t.close());

const report = (over: object = {}) => ({
  category: 'legionella',
  number: `R-${Math.random().toString(36).slice(2, 8)}`,
  space: tower.id,
  resultCode: 'LEG',
  extractionDate: '2026-03-02',
  results: [
    { parameter: 'Legionella spp.', value: 1500, unit: 'UFC/L', maxValue: 1000 },
    { parameter: 'Temperatura', value: 55, unit: 'ºC', minValue: 50 },
  ],
  ...over,
});
const incidentsOf = async (reportId: string, api = lab) =>
  expectOk(api.post(`${INCIDENTS}/search`, { filters: [{ field: 'report', value: reportId }] })) as Promise<
    { _id: string; status: string; parameter: string; moves: string[] }[]
  >;

describe('a DRAFT lab incident is the company’s (decision 0061)', () => {
  it('the client does not see it in the list, detail, history, count or export until the company opens it; back to DRAFT, hidden again', async () => {
    const created = await expectOk(lab.post(REPORTS, report()));
    const [draft] = await incidentsOf(created._id);
    const byReport = { filters: [{ field: 'report', value: created._id }] };
    const hidden = async () => {
      expect(await incidentsOf(created._id, client)).toEqual([]);
      for (const path of [`${INCIDENTS}/${draft!._id}`, `${INCIDENTS}/${draft!._id}/history`]) {
        const res = await client.get(path);
        expect([path, res.status, res.body.reference]).toEqual([path, 404, '415']);
      }
      expect((await expectOk(client.get(`${REPORTS}/${created._id}`))).openIncidents).toBe(0);
      expect((await client.post(`${INCIDENTS}/export-excel`, byReport)).body.reference).toBe('832');
    };
    await hidden();
    // The company's people see it while DRAFT: the laboratory and an administrator.
    expect((await expectOk(admin.get(`${INCIDENTS}/${draft!._id}`))).status).toBe('DRAFT');
    expect((await expectOk(lab.get(`${REPORTS}/${created._id}`))).openIncidents).toBe(1);

    await expectOk(lab.patch(`${INCIDENTS}/${draft!._id}/status`, { status: 'RUNNING' }));
    expect((await incidentsOf(created._id, client)).map((i) => i.status)).toEqual(['RUNNING']);
    expect((await expectOk(client.get(`${INCIDENTS}/${draft!._id}`))).status).toBe('RUNNING');
    expect((await client.get(`${INCIDENTS}/${draft!._id}/history`)).status).toBe(200);
    expect((await expectOk(client.get(`${REPORTS}/${created._id}`))).openIncidents).toBe(1);
    expect((await client.post(`${INCIDENTS}/export-excel`, byReport)).status).toBe(200);

    await expectOk(lab.patch(`${INCIDENTS}/${draft!._id}/status`, { status: 'DRAFT' }));
    await hidden();
  });
});

describe('lab reports: create, read, edit, delete', () => {
  it('creates a report whose failing result raises a DRAFT lab incident; the report is not qualified, score 50', async () => {
    const created = await expectOk(lab.post(REPORTS, report({ number: 'L-100' })));
    expect(created).toMatchObject({
      number: 'L-100',
      category: 'legionella',
      organism: 'Legionella pneumophila',
      establishment: { _id: tenant.establishment.id },
      measuringPoint: { _id: tower.id, name: 'Torre de refrigeración' },
      qualified: false,
      score: 50,
      openIncidents: 1,
      can: { update: true, delete: true },
    });
    expect(created.results.map((r: { parameter: string; qualified: boolean }) => [r.parameter, r.qualified])).toEqual([
      ['Legionella spp.', false],
      ['Temperatura', true],
    ]);
    expect(await incidentsOf(created._id)).toMatchObject([{ status: 'DRAFT', parameter: 'Legionella spp.', moves: ['RUNNING'], report: { number: 'L-100' } }]);
  });

  it('the client reads reports and lab incidents but may not write (452); the can says so', async () => {
    const created = await expectOk(lab.post(REPORTS, report()));
    const seen = await expectOk(client.get(`${REPORTS}/${created._id}`));
    expect(seen.can).toEqual({ update: false, delete: false });
    expect((await client.patch(`${REPORTS}/${created._id}`, { result: 'x' })).body.reference).toBe('452');
    expect((await client.delete(`${REPORTS}/${created._id}`)).body.reference).toBe('452');
    // The client sees it once the company opened it (decision 0061).
    const [opened] = await incidentsOf(created._id);
    await expectOk(lab.patch(`${INCIDENTS}/${opened!._id}/status`, { status: 'RUNNING' }));
    const [incident] = await incidentsOf(created._id, client);
    expect(incident).toMatchObject({ can: { changeStatus: false }, moves: [] });
    expect((await client.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'RUNNING' })).body.reference).toBe('452');
  });

  it('refuses bad input with the catalogue error, in the language asked, and stores nothing', async () => {
    const en = apiClient(t.app, labToken, 'en');
    const bad = await en.post(REPORTS, report({ results: [{ parameter: 'pH', value: 7, minValue: 8, maxValue: 7 }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not valid|allowed/);
    expect((await lab.post(REPORTS, report({ space: other.establishment.id }))).body.fields).toEqual(['space']);
    expect((await lab.post(REPORTS, report({ space: tenant.client.id }))).body.fields).toEqual(['space']);
    expect((await lab.post(REPORTS, report({ extractionDate: '2026-02-30' }))).status).toBe(400);
    expect((await lab.post(REPORTS, report({ number: 'x'.repeat(61) }))).status).toBe(400);
    expect((await lab.post(REPORTS, report({ number: 'a\u0000b' }))).body.reference).toBe('STR0001');
    const dup = await lab.post(REPORTS, report({ number: 'L-100' }));
    expect([dup.status, dup.body.reference, dup.body.fields]).toEqual([409, '420', ['number']]);
    const list = await expectOk(lab.post(`${REPORTS}/search`, { filters: [{ field: 'number', value: 'L-100' }] }));
    expect(list).toHaveLength(1);
  });

  it('parallel identical creates: one report, the others 420, never a 5xx', async () => {
    const body = report({ number: 'L-PAR' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => lab.post(REPORTS, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const [created] = await expectOk(lab.post(`${REPORTS}/search`, { filters: [{ field: 'number', value: 'L-PAR' }] }));
    expect(await incidentsOf(created._id)).toHaveLength(1);
  });

  it('an edit replaces the results: a new failing parameter raises its incident, the same open one is not repeated', async () => {
    const created = await expectOk(lab.post(REPORTS, report()));
    const edited = await expectOk(
      lab.patch(`${REPORTS}/${created._id}`, {
        results: [
          { parameter: 'Legionella spp.', value: 2000, unit: 'UFC/L', maxValue: 1000 },
          { parameter: 'Temperatura', value: 40, unit: 'ºC', minValue: 50 },
          { parameter: 'pH', value: 7.5, minValue: 6.5, maxValue: 9.5 },
        ],
        result: 'No conforme',
      }),
    );
    expect(edited).toMatchObject({ score: 33, qualified: false, result: 'No conforme', openIncidents: 2 });
    expect((await incidentsOf(created._id)).map((i) => i.parameter).sort()).toEqual(['Legionella spp.', 'Temperatura']);
    // Moved to the establishment itself: its results and incidents go with it.
    const moved = await expectOk(lab.patch(`${REPORTS}/${created._id}`, { space: tenant.establishment.id }));
    expect(moved.measuringPoint).toBeNull();
    expect(await incidentsOf(created._id)).toHaveLength(2);
  });

  it('attaches the laboratory PDF; an image is refused (FIL0003)', async () => {
    const pdf = await postMultipart(t.app, '/ms-core/api/files/upload', labToken, {
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      filename: 'certificado.pdf',
      contentType: 'application/pdf',
    });
    const image = await postMultipart(t.app, '/ms-core/api/files/image', labToken, {
      buffer: await cameraJpeg(40, 30),
      filename: 'foto.jpg',
      contentType: 'image/jpeg',
    });
    const created = await expectOk(lab.post(REPORTS, report({ pdf: pdf.body._id })));
    expect(created.pdf).toMatchObject({ _id: pdf.body._id, name: 'certificado.pdf' });
    expect((await apiClient(t.app).get(created.pdf.url.replace(/^https?:\/\/[^/]+/, ''))).status).toBe(200);
    const refused = await lab.patch(`${REPORTS}/${created._id}`, { pdf: image.body._id });
    expect([refused.status, refused.body.reference]).toEqual([415, 'FIL0003']);
    expect((await expectOk(lab.get(`${REPORTS}/${created._id}`))).pdf._id).toBe(pdf.body._id);
  });

  it('deletes a report with its incidents; another tenant never reaches it (404)', async () => {
    const created = await expectOk(lab.post(REPORTS, report()));
    const foreign = (await labUser(other, 'labo')).api;
    expect((await foreign.get(`${REPORTS}/${created._id}`)).status).toBe(404);
    expect((await foreign.delete(`${REPORTS}/${created._id}`)).status).toBe(404);
    expect(await expectOk(foreign.post(`${REPORTS}/search`, {}))).toEqual([]);
    await expectOk(lab.delete(`${REPORTS}/${created._id}`));
    expect((await lab.get(`${REPORTS}/${created._id}`)).status).toBe(404);
    expect(await incidentsOf(created._id)).toEqual([]);
  });
});

describe('lists and labDataAccess', () => {
  it('places: the establishments of the scope with their areas, for the laboratory too', async () => {
    const places = await expectOk(lab.get(`${REPORTS}/places`));
    expect(places).toEqual([
      {
        _id: tenant.establishment.id,
        name: tenant.establishment.name,
        client: tenant.client.name,
        areas: expect.arrayContaining([
          { _id: tower.id, name: 'Torre de refrigeración' },
          { _id: tenant.area.id, name: tenant.area.name },
        ]),
      },
    ]);
  });

  it('filters by category, qualified and an extraction-date month range; a bad day is a 400 naming it', async () => {
    await expectOk(
      lab.post(
        REPORTS,
        report({
          category: 'pool',
          number: 'P-1',
          space: tenant.area.id,
          resultCode: null,
          extractionDate: '2026-01-15',
          results: [{ parameter: 'pH', value: 7.4, minValue: 7.2, maxValue: 8 }],
        }),
      ),
    );
    const pool = await expectOk(lab.post(`${REPORTS}/search`, { filters: [{ field: 'category', value: 'pool' }] }));
    expect(pool.map((r: { number: string }) => r.number)).toEqual(['P-1']);
    expect(pool[0]).toMatchObject({ qualified: true, score: 100, openIncidents: 0 });
    const january = await lab.post(`${REPORTS}/search`, { filters: [{ field: 'extractionDate', operator: 'between', value: ['2026-01', '2026-01'] }] });
    expect(january.body.map((r: { number: string }) => r.number)).toEqual(['P-1']);
    expect(january.headers['x-total-count']).toBe('1');
    const failing = await expectOk(lab.post(`${REPORTS}/search`, { filters: [{ field: 'qualified', value: false }], size: 100 }));
    expect(failing.every((r: { qualified: boolean }) => !r.qualified)).toBe(true);
    expect(
      (await lab.post(`${REPORTS}/search`, { filters: [{ field: 'extractionDate', operator: 'between', value: ['2026-13', '2026-14'] }] })).body.fields,
    ).toEqual(['filters.extractionDate']);
  });

  it('a user whose labDataAccess is pool only sees pool reports and incidents; a legionella report is 452', async () => {
    const poolOnly = (await labUser(tenant, 'poolonly', ['labDataPool'])).api;
    const legionella = await expectOk(lab.post(REPORTS, report()));
    const list = await expectOk(poolOnly.post(`${REPORTS}/search`, { size: 100 }));
    expect(new Set(list.map((r: { category: string }) => r.category))).toEqual(new Set(['pool']));
    expect((await poolOnly.get(`${REPORTS}/${legionella._id}`)).body.reference).toBe('452');
    expect((await poolOnly.post(REPORTS, report())).body.reference).toBe('452');
    expect(await expectOk(poolOnly.post(`${INCIDENTS}/search`, { filters: [{ field: 'report', value: legionella._id }] }))).toEqual([]);
  });
});

describe('the lab incident machine over HTTP', () => {
  it('DRAFT → RUNNING → SOLVED with who and when; a forbidden move is LAB0001 and changes nothing', async () => {
    const created = await expectOk(lab.post(REPORTS, report()));
    const [incident] = await incidentsOf(created._id);
    const refused = await lab.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'SOLVED' });
    expect([refused.status, refused.body.reference]).toEqual([409, 'LAB0001']);
    const running = await expectOk(lab.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'RUNNING' }));
    expect(running).toMatchObject({ status: 'RUNNING', moves: ['SOLVED', 'DRAFT'], changedBy: { name: expect.stringContaining('lab') } });
    // The same move twice in parallel: one passes, the other finds it done (LAB0001), never a 5xx.
    const both = await Promise.all([1, 2].map(() => lab.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'SOLVED' })));
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const solved = await expectOk(
      lab.post(`${INCIDENTS}/search`, {
        filters: [
          { field: 'status', operator: '$in', value: ['SOLVED'] },
          { field: 'report', value: created._id },
        ],
      }),
    );
    expect(solved).toMatchObject([{ _id: incident!._id, status: 'SOLVED' }]);
    expect((await expectOk(lab.get(`${REPORTS}/${created._id}`))).openIncidents).toBe(0);
    // Lowercase reads the same; an unknown status is a 400 naming the filter.
    expect(
      await expectOk(
        lab.post(`${INCIDENTS}/search`, {
          filters: [
            { field: 'status', value: 'solved' },
            { field: 'report', value: created._id },
          ],
        }),
      ),
    ).toHaveLength(1);
    expect((await lab.post(`${INCIDENTS}/search`, { filters: [{ field: 'status', value: 'CLOSED' }] })).body.fields).toEqual(['filters.status']);
  });

  it('an administrator of the company moves it too; the client user (USER) only reads', async () => {
    const created = await expectOk(lab.post(REPORTS, report()));
    const [incident] = await incidentsOf(created._id, admin);
    expect(incident!.moves).toEqual(['RUNNING']);
  });
});

describe('CSV import', () => {
  const header = 'Nº de informe;Fecha de extracción;Código;Punto de muestreo;Parámetro;Valor;Unidad;Mínimo;Máximo\n';
  const body = (csv: string, category = 'legionella') => ({ category, space: tenant.establishment.id, csv });
  const count = async () => (await lab.post(`${REPORTS}/search`, { size: 1 })).headers['x-total-count'];

  it('previews a broken file row by row and imports nothing from it (LAB0002 naming the rows)', async () => {
    const csv =
      header +
      'CSV-1;02/03/2026;LEG;Torre de refrigeración;Legionella spp.;1200;UFC/L;;1000\n' +
      'CSV-1;02/03/2026;LEG;Torre de refrigeración;Temperatura;cincuenta;ºC;50;\n' +
      'CSV-2;02/03/2026;LEG;Azotea;Legionella spp.;0;UFC/L;;1000\n' +
      'L-100;02/03/2026;LEG;;Legionella spp.;0;UFC/L;;1000\n';
    const preview = await expectOk(lab.post(`${REPORTS}/import/preview`, body(csv)));
    expect(preview.errors).toEqual([
      { row: 3, field: 'value', problem: 'notNumber' },
      { row: 4, field: 'measuringPoint', problem: 'unknownPoint' },
      { row: 5, field: 'number', problem: 'duplicate' },
    ]);
    const before = await count();
    const refused = await lab.post(`${REPORTS}/import`, body(csv));
    expect([refused.status, refused.body.reference, refused.body.fields]).toEqual([400, 'LAB0002', ['rows.3.value', 'rows.4.measuringPoint', 'rows.5.number']]);
    expect(await count()).toBe(before);
  });

  it('imports a good file in one go (English headers, comma decimals): reports, results and one incident per failing result', async () => {
    const csv =
      'Report number,Extraction date,Result code,Measuring point,Parameter,Value,Unit,Min,Max\n' +
      'EN-1,2026-03-05,LEG,Torre de refrigeración,Legionella spp.,"1500",UFC/L,,1000\n' +
      'EN-1,2026-03-05,LEG,Torre de refrigeración,Temperatura,"52,5",ºC,50,\n' +
      'EN-2,2026-03-06,,,Cloro libre,"0,2",mg/L,"0,2","1,0"\n';
    const preview = await expectOk(lab.post(`${REPORTS}/import/preview`, body(csv)));
    expect(preview).toMatchObject({
      rows: 3,
      errors: [],
      reports: [
        { number: 'EN-1', results: 2, outOfLimits: 1 },
        { number: 'EN-2', results: 1, outOfLimits: 0 },
      ],
    });
    expect(await expectOk(lab.post(`${REPORTS}/import`, body(csv)))).toEqual({ reports: 2, results: 3, incidents: 1 });
    const [en1] = await expectOk(lab.post(`${REPORTS}/search`, { filters: [{ field: 'number', value: 'EN-1' }] }));
    expect(en1).toMatchObject({ measuringPoint: { _id: tower.id }, qualified: false, score: 50, extractionDate: '2026-03-05' });
    expect(en1.results[1]).toMatchObject({ parameter: 'Temperatura', value: 52.5, minValue: 50, qualified: true });
    // The same file again: every report is a duplicate, nothing imported.
    expect((await lab.post(`${REPORTS}/import`, body(csv))).body.reference).toBe('LAB0002');
    // Two identical imports in parallel: one wins, never a 5xx or a half import.
    const fresh = csv.replace(/EN-/g, 'PAR-');
    const answers = await Promise.all([1, 2].map(() => lab.post(`${REPORTS}/import`, body(fresh))));
    // The loser either meets the winner's rows (LAB0002: duplicates) or its unique index (420).
    expect(answers.map((a) => (a.status === 200 ? 'ok' : a.body.reference)).sort()).toEqual([expect.stringMatching(/^(LAB0002|420)$/), 'ok'].sort());
    expect(await expectOk(lab.post(`${REPORTS}/search`, { search: 'PAR-' }))).toHaveLength(2);
  });

  it('refuses an area instead of an establishment, another tenant’s establishment, and the client (452)', async () => {
    expect((await lab.post(`${REPORTS}/import/preview`, { ...body(header), space: tenant.area.id })).body.fields).toEqual(['space']);
    expect((await lab.post(`${REPORTS}/import/preview`, { ...body(header), space: other.establishment.id })).body.fields).toEqual(['space']);
    expect((await client.post(`${REPORTS}/import/preview`, body(header))).body.reference).toBe('452');
  });
});

describe('Excel import (decision 0053)', () => {
  const workbook = async (rows: unknown[][]) => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Resultados').addRows(rows);
    return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
  };
  const body = (xlsx: string) => ({ category: 'legionella', space: tenant.establishment.id, xlsx });
  const header = ['Nº de informe', 'Fecha de extracción', 'Código', 'Punto de muestreo', 'Parámetro', 'Valor', 'Unidad', 'Mínimo', 'Máximo'];

  it('reads the first sheet like the CSV: real dates and numbers, the same preview, row errors and import', async () => {
    const broken = await workbook([
      header,
      ['XL-1', new Date(Date.UTC(2026, 3, 7)), 'LEG', 'Torre de refrigeración', 'Legionella spp.', 2400, 'UFC/L', null, 1000],
      ['XL-1', new Date(Date.UTC(2026, 3, 7)), 'LEG', 'Torre de refrigeración', 'Temperatura', 'caliente', 'ºC', 50, null],
      ['XL-2', '08/04/2026', 'XYZ', '', 'Cloro libre', 0.1 + 0.2, 'mg/L', 0.2, 1],
    ]);
    const preview = await expectOk(lab.post(`${REPORTS}/import/preview`, body(broken)));
    expect(preview.errors).toEqual([
      { row: 3, field: 'value', problem: 'notNumber' },
      { row: 4, field: 'resultCode', problem: 'unknownCode' },
    ]);
    expect((await lab.post(`${REPORTS}/import`, body(broken))).body).toMatchObject({ reference: 'LAB0002', fields: ['rows.3.value', 'rows.4.resultCode'] });

    const good = await workbook([
      header,
      ['XL-1', new Date(Date.UTC(2026, 3, 7)), 'LEG', 'Torre de refrigeración', 'Legionella spp.', 2400, 'UFC/L', null, 1000],
      ['XL-1', new Date(Date.UTC(2026, 3, 7)), 'LEG', 'Torre de refrigeración', 'Temperatura', 52.5, 'ºC', 50, null],
      ['XL-2', '08/04/2026', '', '', 'Cloro libre', 0.1 + 0.2, 'mg/L', 0.2, 1],
    ]);
    expect(await expectOk(lab.post(`${REPORTS}/import/preview`, body(good)))).toMatchObject({
      rows: 3,
      errors: [],
      reports: [
        { number: 'XL-1', extractionDate: '2026-04-07', results: 2, outOfLimits: 1 },
        { number: 'XL-2', extractionDate: '2026-04-08', results: 1, outOfLimits: 0 },
      ],
    });
    expect(await expectOk(lab.post(`${REPORTS}/import`, body(good)))).toEqual({ reports: 2, results: 3, incidents: 1 });
    const [xl2] = await expectOk(lab.post(`${REPORTS}/search`, { filters: [{ field: 'number', value: 'XL-2' }] }));
    expect(xl2.results[0]).toMatchObject({ parameter: 'Cloro libre', value: 0.3, qualified: true });
  });

  it('answers a file that is no workbook as a row error, and refuses both files or neither (400)', async () => {
    const notBook = Buffer.from('Nº de informe;Fecha\n').toString('base64');
    expect((await expectOk(lab.post(`${REPORTS}/import/preview`, body(notBook)))).errors).toEqual([{ row: 1, field: 'file', problem: 'notWorkbook' }]);
    const both = await lab.post(`${REPORTS}/import/preview`, { ...body(notBook), csv: 'a' });
    const neither = await lab.post(`${REPORTS}/import/preview`, { category: 'legionella', space: tenant.establishment.id });
    expect([both.status, neither.status]).toEqual([400, 400]);
    expect((await lab.post(`${REPORTS}/import/preview`, body('no base64 \u0000'))).status).toBe(400);
  });
});
