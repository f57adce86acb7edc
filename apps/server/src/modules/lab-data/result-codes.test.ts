import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { expectOk } from '../../test/templates.js';

/** Result code → organism as a nomenclature (decision 0053). */
const CODES = '/ms-core/api/lab-result-codes';
const REPORTS = '/ms-core/api/lab-reports';

let t: TTestApp;
let tenant: TTenant;
let other: TTenant;
let admin: TApiClient;
let otherAdmin: TApiClient;
let lab: TApiClient;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'codes');
  other = await createTenant(t.db, 'codesx');
  await addSpace(t.db, { name: 'Vaso principal', parent: tenant.establishment, type: 'AREA' });
  admin = (await signIn(t.app, tenant.admin.email)).api;
  otherAdmin = (await signIn(t.app, other.admin.email)).api;
  const user = await addUser(t.db, { email: `lab.${tenant.tag}@example.com`, firstName: 'Lab', home: tenant.client, roleIds: [tenant.roles.laboratory!] });
  lab = (await signIn(t.app, user.email)).api;
});
afterAll(() => t.close());

const report = (resultCode: string) => ({
  category: 'pool',
  number: `P-${Math.random().toString(36).slice(2, 8)}`,
  space: tenant.establishment.id,
  resultCode,
  extractionDate: '2026-05-04',
  results: [{ parameter: 'Pseudomonas', value: 0, unit: 'UFC/100 mL', maxValue: 0 }],
});

describe('result codes: a nomenclature seeded with the five codes', () => {
  it('every company starts with LIS, SAL, LEG, ECO and COL, each with its organism', async () => {
    const rows = await expectOk(admin.post(`${CODES}/search`, { size: 50, sort: 'code' }));
    expect(rows.map((r: { code: string; name: string }) => `${r.code} ${r.name}`)).toEqual([
      'COL Coliformes',
      'ECO Escherichia coli',
      'LEG Legionella pneumophila',
      'LIS Listeria monocytogenes',
      'SAL Salmonella spp.',
    ]);
  });

  it('adds a code (uppercased); a repeated code is 420 (409) naming code, also in parallel; a malformed one 400', async () => {
    const created = await expectOk(admin.post(CODES, { name: 'Pseudomonas aeruginosa', code: ' pse ' }));
    expect(created).toMatchObject({ code: 'PSE', name: 'Pseudomonas aeruginosa', can: { update: true, delete: true } });
    const again = await admin.post(CODES, { name: 'Otra', code: 'PSE' });
    expect([again.status, again.body.reference, again.body.fields]).toEqual([409, '420', ['code']]);
    const parallel = await Promise.all([1, 2, 3].map((i) => admin.post(CODES, { name: `Enterococos ${i}`, code: 'ENT' })));
    expect(parallel.map((p) => (p.status === 200 ? 'ok' : `${p.body.reference} ${p.body.fields}`)).sort()).toEqual(['420 code', '420 code', 'ok']);
    for (const bad of ['P-1', '', 'ABCDEFGHIJK', 'A\u0000B'])
      expect((await admin.post(CODES, { name: `Malo ${bad.length}`, code: bad })).body.fields).toEqual(['code']);
    expect((await admin.post(CODES, { name: 'Sin código' })).body.fields).toEqual(['code']);
  });

  it('reports take only a code the nomenclature holds, and show its organism; another company’s code is unknown', async () => {
    await expectOk(otherAdmin.post(CODES, { name: 'Staphylococcus aureus', code: 'STA' }));
    const options = await expectOk(lab.get(`${REPORTS}/result-codes`));
    expect(options).toContainEqual({ code: 'PSE', organism: 'Pseudomonas aeruginosa' });
    expect(options.map((o: { code: string }) => o.code)).not.toContain('STA');
    const created = await expectOk(lab.post(REPORTS, report('pse')));
    expect(created).toMatchObject({ resultCode: 'PSE', organism: 'Pseudomonas aeruginosa' });
    for (const code of ['STA', 'ZZZ']) expect((await lab.post(REPORTS, report(code))).body.fields).toEqual(['resultCode']);
    expect((await lab.patch(`${REPORTS}/${created._id}`, { resultCode: 'STA' })).body.fields).toEqual(['resultCode']);
    // Renaming the organism shows on the report: the report keeps the code.
    const [pse] = await expectOk(admin.post(`${CODES}/search`, { filters: [{ field: 'code', value: 'PSE' }] }));
    await expectOk(admin.patch(`${CODES}/${pse._id}`, { name: 'Pseudomonas spp.' }));
    expect(await expectOk(lab.get(`${REPORTS}/${created._id}`))).toMatchObject({ organism: 'Pseudomonas spp.' });
  });

  it('the import names a code the nomenclature does not hold as its row error', async () => {
    const csv = 'Nº de informe;Fecha de extracción;Código;Parámetro;Valor;Máximo\nI-1;04/05/2026;STA;Pseudomonas;0;0\nI-2;04/05/2026;PSE;Pseudomonas;0;0\n';
    const preview = await expectOk(lab.post(`${REPORTS}/import/preview`, { category: 'pool', space: tenant.establishment.id, csv }));
    expect(preview.errors).toEqual([{ row: 2, field: 'resultCode', problem: 'unknownCode' }]);
    expect(preview.reports.map((r: { number: string }) => r.number)).toEqual(['I-2']);
  });
});
