import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { countryId, stateId } from '../geography/data.js';

const EMPLOYEES = '/ms-core/api/employees';
const SPAIN = countryId('ES');
const MADRID = stateId('ES', '28');
const VALENCIA = stateId('ES', '46');

let t: TTestApp;
let a: TTenant;
let b: TTenant;
let admin: TApiClient;
let adminEn: TApiClient;
let auditor: TApiClient;
let client: TApiClient;
let otherAdmin: TApiClient;
let madridCity: string;
let profile: string;

/** DNIs with their right letter, a fresh one per call (8 digits, the number modulo 23). */
let serial = 10_000_000 + Math.floor(Math.random() * 80_000_000);
const nextDni = () => {
  const n = String(serial++);
  return `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(n) % 23]}`;
};
/** The day, years back from the company's today (Europe/Madrid), as YYYY-MM-DD; `days` moves it later. */
const yearsAgo = (years: number, days = 0) => {
  const [y, m, d] = todayInZone('Europe/Madrid').split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
};
const employee = (over: object = {}) => ({ firstName: 'Lucía', lastName: 'Martín', dni: nextDni(), birthday: '1990-04-12', ...over });
const ok = async (res: Promise<{ status: number; body: any }>, status = 200) => {
  const r = await res;
  expect([r.status, r.body]).toEqual([status, expect.anything()]);
  return r.body;
};
const count = async (api: TApiClient, filters: object[] = []) => Number((await api.post(`${EMPLOYEES}/search`, { filters })).headers['x-total-count']);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'emp');
  b = await createTenant(t.db, 'empx');
  const signedAdmin = await signIn(t.app, a.admin.email);
  admin = signedAdmin.api;
  adminEn = apiClient(t.app, signedAdmin.session.accessToken, 'en');
  auditor = (await signIn(t.app, a.auditor.email)).api;
  client = (await signIn(t.app, a.clientUser.email)).api;
  otherAdmin = (await signIn(t.app, b.admin.email)).api;
  madridCity = (await admin.post(`/ms-core/api/cities/${MADRID}/search`, { search: 'Madrid', size: 1 })).body[0]._id;
  profile = (await ok(admin.post('/ms-core/api/employee-profiles', { name: 'Auditor de campo', description: 'Visita los establecimientos' })))._id;
});
afterAll(() => t.close());

describe('employees CRUD (product document section 3, Employee)', () => {
  it('creates with every field, reads it back with names, lists, updates and deletes it', async () => {
    const dni = nextDni();
    const body = employee({
      dni: `${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5, 8)}-${dni[8]!.toLowerCase()}`,
      user: a.auditor.id,
      address: 'Calle Mayor 1',
      country: SPAIN,
      province: MADRID,
      municipality: madridCity,
      workerProfile: profile,
      description: 'Turno de mañana',
      clientAccess: [a.client.id],
      areaAccess: [a.area.id],
    });
    const created = await ok(admin.post(EMPLOYEES, body));
    expect(created).toMatchObject({
      firstName: 'Lucía',
      fullName: 'Lucía Martín',
      dni,
      dniKind: 'DNI',
      status: 'ACTIVE',
      user: { _id: a.auditor.id, email: a.auditor.email },
      country: SPAIN,
      province: MADRID,
      municipality: madridCity,
      workerProfile: { _id: profile, name: 'Auditor de campo' },
      clientAccess: [{ _id: a.client.id, name: a.client.name }],
      areaAccess: [{ _id: a.area.id, name: a.area.name }],
      can: { update: true, delete: true },
    });
    expect(await ok(admin.get(`${EMPLOYEES}/${created._id}`))).toEqual(created);
    const list = await admin.post(`${EMPLOYEES}/search`, { search: dni.slice(0, 6) });
    expect(list.body.map((e: { _id: string }) => e._id)).toEqual([created._id]);
    expect(list.headers['x-total-count']).toBe('1');

    const updated = await ok(admin.patch(`${EMPLOYEES}/${created._id}`, { status: 'INACTIVE', occupation: null, description: '' }));
    expect(updated).toMatchObject({ status: 'INACTIVE', description: null, municipality: madridCity });
    expect(
      await count(admin, [
        { field: 'status', value: 'INACTIVE' },
        { field: '_id', value: created._id },
      ]),
    ).toBe(1);

    // Changing the province clears the municipality; changing the country clears both (section 4).
    expect(await ok(admin.patch(`${EMPLOYEES}/${created._id}`, { province: VALENCIA }))).toMatchObject({ province: VALENCIA, municipality: null });
    expect(await ok(admin.patch(`${EMPLOYEES}/${created._id}`, { country: countryId('FR') }))).toMatchObject({ province: null, municipality: null });

    expect(await ok(admin.delete(`${EMPLOYEES}/${created._id}`))).toEqual({ ok: true });
    expect((await admin.get(`${EMPLOYEES}/${created._id}`)).body.reference).toBe('415');
    // The user account stays and may be another employee's now.
    await ok(admin.post(EMPLOYEES, employee({ user: a.auditor.id })));
  });

  it('accepts a NIE (X, Y, Z) and says which kind it is', async () => {
    const created = await ok(admin.post(EMPLOYEES, employee({ dni: 'y1234567x' })));
    expect(created).toMatchObject({ dni: 'Y1234567X', dniKind: 'NIE' });
  });
});

describe('one worker per user (calls document, error 421)', () => {
  it('a user already linked to an employee is refused on create and on update, in the user’s language', async () => {
    const user = await addUser(t.db, { email: `worker.${a.tag}@example.com`, firstName: 'Wanda', home: a.root, roleIds: [a.roles.auditor!], isAuditor: true });
    await ok(admin.post(EMPLOYEES, employee({ user: user.id })));
    const again = await admin.post(EMPLOYEES, employee({ user: user.id }));
    expect([again.status, again.body]).toEqual([
      409,
      expect.objectContaining({ name: 'BADREQUESTERROR', reference: '421', message: 'El usuario ya está asignado a un trabajador.', fields: ['user'] }),
    ]);
    expect((await adminEn.post(EMPLOYEES, employee({ user: user.id }))).body.message).toBe('The user is already assigned to a worker.');
    const other = await ok(admin.post(EMPLOYEES, employee()));
    expect((await admin.patch(`${EMPLOYEES}/${other._id}`, { user: user.id })).body.reference).toBe('421');
    expect((await ok(admin.get(`${EMPLOYEES}/${other._id}`))).user).toBeNull();
  });

  it('parallel links of one user: exactly one is saved, the others answer 421, never a 5xx', async () => {
    const user = await addUser(t.db, { email: `race.${a.tag}@example.com`, firstName: 'Rafa', home: a.root, roleIds: [a.roles.auditor!], isAuditor: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.post(EMPLOYEES, employee({ user: user.id }))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.reference === '421')).toBe(true);
    expect(await count(admin, [{ field: 'user', value: user.id }])).toBe(1);
  });

  it('the same DNI twice in the company is 420, also in parallel', async () => {
    const dni = nextDni();
    const answers = await Promise.all(Array.from({ length: 4 }, () => admin.post(EMPLOYEES, employee({ dni }))));
    expect(answers.map((r) => [r.status, r.body.reference]).sort()).toEqual([
      [200, undefined],
      [409, '420'],
      [409, '420'],
      [409, '420'],
    ]);
    // Another company may have the same person.
    await ok(otherAdmin.post(EMPLOYEES, employee({ dni })));
  });
});

describe('validation: catalogue errors, never a 5xx, nothing half-written', () => {
  const refused = async (body: object, fields: string[], reference = '400') => {
    const before = await count(admin);
    const res = await admin.post(EMPLOYEES, body);
    expect([res.status, res.body.reference, res.body.fields]).toEqual([400, reference, fields]);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await count(admin)).toBe(before);
  };

  it('a DNI or NIE with the wrong check letter, or not one at all', async () => {
    await refused(employee({ dni: '12345678A' }), ['dni']);
    await refused(employee({ dni: 'X1234567A' }), ['dni']);
    await refused(employee({ dni: '1234' }), ['dni']);
    await refused(employee({ dni: '' }), ['dni']);
  });

  it('a birth date making the employee 15 is refused; the sixteenth birthday today is accepted', async () => {
    await refused(employee({ birthday: yearsAgo(16, 1) }), ['birthday']);
    await refused(employee({ birthday: yearsAgo(15) }), ['birthday']);
    await refused(employee({ birthday: '2000-02-30' }), ['birthday']);
    await refused(employee({ birthday: '12-04-1990' }), ['birthday']);
    await ok(admin.post(EMPLOYEES, employee({ birthday: yearsAgo(16) })));
    const adult = await ok(admin.post(EMPLOYEES, employee()));
    expect((await admin.patch(`${EMPLOYEES}/${adult._id}`, { birthday: yearsAgo(15, 100) })).body.fields).toEqual(['birthday']);
    expect((await ok(admin.get(`${EMPLOYEES}/${adult._id}`))).birthday).toBe('1990-04-12');
  });

  it('NUL bytes, lone surrogates and huge strings', async () => {
    await refused(employee({ firstName: 'Ana\u0000' }), ['firstName'], 'STR0001');
    await refused(employee({ address: 'Calle \ud800' }), ['address'], 'STR0001');
    await refused(employee({ description: 'x'.repeat(501) }), ['description'], 'VAL0002');
    await refused(employee({ firstName: 'x'.repeat(100_000) }), ['firstName'], 'VAL0002');
    await refused(employee({ dni: '1'.repeat(10_000) }), ['dni'], 'VAL0002');
  });

  it('references: location (453, 456), nomenclatures, users, clients and areas of the caller’s scope', async () => {
    await refused(employee({ country: SPAIN, province: stateId('FR', '75') }), ['province'], '453');
    await refused(employee({ country: SPAIN, province: VALENCIA, municipality: madridCity }), ['municipality'], '456');
    await refused(employee({ province: MADRID }), ['province'], '453');
    await refused(employee({ workerProfile: a.client.id }), ['workerProfile']);
    await refused(employee({ user: b.auditor.id }), ['user']);
    await refused(employee({ clientAccess: [b.client.id] }), ['clientAccess']);
    await refused(employee({ clientAccess: [a.establishment.id] }), ['clientAccess']);
    await refused(employee({ clientAccess: [a.root.id] }), ['clientAccess']);
    await refused(employee({ areaAccess: [a.establishment.id] }), ['areaAccess']);
    const otherClient = await addSpace(t.db, { name: `Otro ${a.tag}`, parent: a.root });
    await refused(employee({ clientAccess: [otherClient.id], areaAccess: [a.area.id] }), ['areaAccess']);
    await refused({ ...employee(), status: 'RETIRED' }, ['status']);
    await refused({ lastName: 'Sin nombre', dni: nextDni(), birthday: '1990-01-01' }, ['firstName']);
  });
});

describe('permissions and isolation', () => {
  it('WORKER permissions: a client user and an auditor (no WORKER:*) get 452; anonymous 401', async () => {
    for (const api of [client, auditor]) {
      expect((await api.post(`${EMPLOYEES}/search`, {})).body.reference).toBe('452');
      expect((await api.post(EMPLOYEES, employee())).body.reference).toBe('452');
    }
    expect((await apiClient(t.app).post(`${EMPLOYEES}/search`, {})).status).toBe(401);
  });

  it('another tenant’s employee is not found (415) for reading, changing and deleting, and is not listed', async () => {
    const theirs = await ok(otherAdmin.post(EMPLOYEES, employee({ firstName: 'Ajena' })));
    expect((await admin.get(`${EMPLOYEES}/${theirs._id}`)).body.reference).toBe('415');
    expect((await admin.patch(`${EMPLOYEES}/${theirs._id}`, { firstName: 'Mía' })).body.reference).toBe('415');
    expect((await admin.delete(`${EMPLOYEES}/${theirs._id}`)).body.reference).toBe('415');
    expect(await count(admin, [{ field: '_id', value: theirs._id }])).toBe(0);
    expect((await ok(otherAdmin.get(`${EMPLOYEES}/${theirs._id}`))).firstName).toBe('Ajena');
    expect((await admin.get(`${EMPLOYEES}/not-an-id`)).body.reference).toBe('412');
  });
});

describe('workers/search-users still serves the auditor pickers', () => {
  it('lists the users with the auditor switch on, linked to an employee or not', async () => {
    const res = await admin.post('/ms-core/api/workers/search-users', { size: 250 });
    expect(res.status).toBe(200);
    const emails = res.body.map((u: { email: string }) => u.email);
    expect(emails).toContain(a.auditor.email);
    expect(emails).not.toContain(a.admin.email);
    expect(emails).not.toContain(b.auditor.email);
  });
});
