import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { addSpace, createTenant, signIn, type TTenant } from '../../test/factories.js';

/** Issue 13: a new client's login (user form access lists), the auditor switch, the editable profile. */
let t: TTestApp;
let tenant: TTenant;
let admin: Awaited<ReturnType<typeof signIn>>;

const dataDir = mkdtempSync(join(tmpdir(), 'users-access-'));
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  tenant = await createTenant(t.db, 'access');
  admin = await signIn(t.app, tenant.admin.email);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
const person = (extra: Record<string, unknown> = {}) => {
  n++;
  return {
    firstName: 'Lucía',
    lastName: 'Cliente',
    username: `lucia${n}.${tenant.tag}`,
    email: `lucia${n}.${tenant.tag}@example.com`,
    roles: [tenant.roles.USER],
    password: 'Str0ng-Pass!',
    ...extra,
  };
};
const ids = (list: { _id: string }[]) => list.map((x) => x._id).sort();

describe('a client user created with clients, establishments and areas', () => {
  it('signs in at home in the client and sees exactly that client', async () => {
    const other = await addSpace(t.db, { name: `Other client ${tenant.tag}`, parent: tenant.root });
    const res = await admin.api.post('/ms-core/api/users', person({ clients: [tenant.client.id] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      space: tenant.client.id,
      isAuditor: false,
      clients: [{ _id: tenant.client.id, name: tenant.client.name }],
      establishments: [],
    });
    const session = await signIn(t.app, res.body.email, 'Str0ng-Pass!');
    expect(session.session.space._id).toBe(tenant.client.id);
    expect(session.session.spaces.map((s) => s._id)).toEqual([tenant.client.id]);
    const enterable = await session.api.get('/ms-core/api/spaces/my-spaces');
    const names = enterable.body.map((s: { name: string }) => s.name);
    expect(names).toContain(tenant.client.name);
    expect(names).toContain(tenant.area.name);
    expect(names).not.toContain(other.name);
    expect(names).not.toContain(tenant.root.name);
    expect((await session.api.post(`/ms-core/api/spaces/${other.id}/access`, {})).status).toBe(403);
  });

  it('narrows a client to the establishment (and area) chosen', async () => {
    const res = await admin.api.post('/ms-core/api/users', person({ clients: [tenant.client.id], establishments: [tenant.establishment.id] }));
    expect(res.body).toMatchObject({ space: tenant.establishment.id, clients: [], establishments: [{ _id: tenant.establishment.id }] });
    const area = await admin.api.post(
      '/ms-core/api/users',
      person({ clients: [tenant.client.id], establishments: [tenant.establishment.id], areas: [tenant.area.id] }),
    );
    expect(area.body).toMatchObject({ space: tenant.area.id, clients: [], establishments: [], areas: [{ _id: tenant.area.id }] });
  });

  it('refuses a space of the wrong type, outside the scope, or not below the level chosen above', async () => {
    const foreign = await createTenant(t.db, 'foreignclient');
    const wrong = async (extra: Record<string, unknown>) => (await admin.api.post('/ms-core/api/users', person(extra))).body;
    expect(await wrong({ clients: [tenant.establishment.id] })).toMatchObject({ reference: '400', fields: ['clients'] });
    expect(await wrong({ clients: [tenant.root.id] })).toMatchObject({ fields: ['clients'] });
    expect(await wrong({ clients: [foreign.client.id] })).toMatchObject({ fields: ['clients'] });
    const otherClient = await addSpace(t.db, { name: `Third ${tenant.tag}`, parent: tenant.root });
    expect(await wrong({ clients: [otherClient.id], establishments: [tenant.establishment.id] })).toMatchObject({ fields: ['establishments'] });
    expect(await wrong({ areas: [tenant.establishment.id] })).toMatchObject({ fields: ['areas'] });
  });

  it('section 6: clients only from a STRUCTURE space, establishments never from an AREA', async () => {
    const enter = async (space: string) => {
      const session = await admin.api.post(`/ms-core/api/spaces/${space}/access`, {});
      return apiClient(t.app, session.body.accessToken);
    };
    const inArea = { api: await enter(tenant.area.id) };
    const fromArea = await inArea.api.post('/ms-core/api/users', person({ establishments: [tenant.establishment.id] }));
    expect(fromArea.body.fields).toEqual(['establishments']);
    const inEstablishment = { api: await enter(tenant.establishment.id) };
    expect((await inEstablishment.api.post('/ms-core/api/users', person({ clients: [tenant.client.id] }))).body.fields).toEqual(['clients']);
    const areaUser = await inEstablishment.api.post('/ms-core/api/users', person({ areas: [tenant.area.id] }));
    expect(areaUser.body.areas.map((a: { _id: string }) => a._id)).toEqual([tenant.area.id]);
  });

  it("lists a client's users with the space filter (the client page's Users tab), not the company's", async () => {
    const created = await admin.api.post('/ms-core/api/users', person({ clients: [tenant.client.id] }));
    const page = await admin.api.post('/ms-core/api/users/search', { size: 100, filters: [{ field: 'space', operator: 'eq', value: tenant.client.id }] });
    const found = page.body.map((u: { _id: string }) => u._id);
    expect(found).toEqual(expect.arrayContaining([created.body._id, tenant.clientUser.id]));
    expect(found).not.toContain(tenant.admin.id);
    expect(found).not.toContain(tenant.auditor.id);
    const viaEstablishment = await admin.api.post('/ms-core/api/users/search', {
      size: 100,
      filters: [{ field: 'space', operator: 'eq', value: tenant.establishment.id }],
    });
    expect(viaEstablishment.body.map((u: { _id: string }) => u._id)).toContain(created.body._id);
  });

  it('keeps memberships when the user is edited (the form disables them)', async () => {
    const created = await admin.api.post('/ms-core/api/users', person({ clients: [tenant.client.id] }));
    const { password: _p, clients: _c, ...body } = person({ clients: [tenant.client.id] }) as Record<string, unknown>;
    const edited = await admin.api.patch(`/ms-core/api/users/${created.body._id}`, {
      ...body,
      username: created.body.username,
      email: created.body.email,
      firstName: 'Luz',
    });
    expect(edited.status).toBe(200);
    expect(ids(edited.body.clients)).toEqual([tenant.client.id]);
    const sneaky = await admin.api.patch(`/ms-core/api/users/${created.body._id}`, {
      ...body,
      username: created.body.username,
      email: created.body.email,
      clients: [],
    });
    expect(sneaky.status).toBe(200);
    expect(ids(sneaky.body.clients)).toEqual([tenant.client.id]);
  });
});

describe('the auditor role and the Auditor switch go together', () => {
  it('follows the role when the switch is not sent, and refuses a contradiction', async () => {
    const derived = await admin.api.post('/ms-core/api/users', person({ roles: [tenant.roles.auditor] }));
    expect(derived.body.isAuditor).toBe(true);
    const off = await admin.api.post('/ms-core/api/users', person({ roles: [tenant.roles.auditor], isAuditor: false }));
    expect(off.body).toMatchObject({ reference: 'USR0001', fields: ['isAuditor'] });
    const onWithoutRole = await admin.api.post('/ms-core/api/users', person({ roles: [tenant.roles.USER], isAuditor: true }));
    expect(onWithoutRole.body).toMatchObject({ reference: 'USR0001', fields: ['isAuditor'] });
    const { password: _p, ...body } = person({ roles: [tenant.roles.auditor] });
    const switchedOff = await admin.api.patch(`/ms-core/api/users/${derived.body._id}`, {
      ...body,
      username: derived.body.username,
      email: derived.body.email,
      isAuditor: false,
    });
    expect(switchedOff.body.reference).toBe('USR0001');
    const roleDropped = await admin.api.patch(`/ms-core/api/users/${derived.body._id}`, {
      ...body,
      username: derived.body.username,
      email: derived.body.email,
      roles: [tenant.roles.USER],
    });
    expect(roleDropped.body.isAuditor).toBe(false);
  });
});

describe('PATCH users/me: the profile', () => {
  it('edits name, phone and language; the next sign-in reads them', async () => {
    const created = await admin.api.post('/ms-core/api/users', person({ clients: [tenant.client.id] }));
    const me = await signIn(t.app, created.body.email, 'Str0ng-Pass!');
    const login = { username: created.body.username, email: created.body.email };
    const res = await me.api.patch('/ms-core/api/users/me', { ...login, firstName: 'Lucía María', lastName: 'Pérez', phone: '+34611222333', language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Lucía María', lastName: 'Pérez', phone: '+34611222333', language: 'en' });
    const again = await signIn(t.app, created.body.email, 'Str0ng-Pass!');
    expect((await again.api.get('/ms-core/api/users/me')).body.language).toBe('en');
    expect((await me.api.patch('/ms-core/api/users/me', { ...login, firstName: 'X', lastName: 'PÉREZ', language: 'es' })).body.reference).toBe('921');
    expect((await me.api.patch('/ms-core/api/users/me', { ...login, firstName: 'X', language: 'fr' })).status).toBe(400);
    expect((await me.api.patch('/ms-core/api/users/me', { ...login, firstName: '', language: 'es' })).body.fields).toEqual(['firstName']);
  });

  it('changes the password only with the current one, by the rules, and never to the same one', async () => {
    const created = await admin.api.post('/ms-core/api/users', person());
    const me = await signIn(t.app, created.body.email, 'Str0ng-Pass!');
    const base = { firstName: 'Lucía', language: 'es', username: created.body.username, email: created.body.email };
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, password: 'N3w-Passw0rd!' })).body).toMatchObject({
      reference: 'PWD0002',
      fields: ['currentPassword'],
    });
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, password: 'N3w-Passw0rd!', currentPassword: 'wrong' })).body.reference).toBe('PWD0002');
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, password: 'short', currentPassword: 'Str0ng-Pass!' })).body.fields).toEqual(['password']);
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, password: 'Str0ng-Pass!', currentPassword: 'Str0ng-Pass!' })).body).toMatchObject({
      reference: 'PWD0001',
      fields: ['password'],
    });
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, password: 'N3w-Passw0rd!', currentPassword: 'Str0ng-Pass!' })).status).toBe(200);
    await signIn(t.app, created.body.email, 'N3w-Passw0rd!');
    expect((await apiClient(t.app).post('/auth/api/signin', { username: created.body.email, password: 'Str0ng-Pass!' })).status).toBe(401);
  });

  it('sends username, e-mail, avatar and birth date (calls document: profile save; spec section 5: over 16)', async () => {
    const created = await admin.api.post('/ms-core/api/users', person({ clients: [tenant.client.id] }));
    const taken = await admin.api.post('/ms-core/api/users', person());
    const me = await signIn(t.app, created.body.email, 'Str0ng-Pass!');
    const base = { firstName: 'Lucía', language: 'es', username: `nueva.${tenant.tag}`, email: `nueva.${tenant.tag}@example.com` };
    const upload = await postMultipart(t.app, '/ms-core/api/files/image', me.session.accessToken, {
      buffer: await png(),
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(upload.status).toBe(200);
    const saved = await me.api.patch('/ms-core/api/users/me', { ...base, birthday: '1990-05-01', avatar: upload.body._id });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ username: base.username, email: base.email, birthday: '1990-05-01' });
    // The avatar is shown by a signed address that loads the image without a token.
    expect(saved.body.avatar).toMatch(/^\/ms-core\/api\/files\/[0-9a-f-]{36}\/content\?exp=/);
    expect((await apiClient(t.app).get(saved.body.avatar)).status).toBe(200);
    // The new login signs in; the old one no longer does.
    await signIn(t.app, base.email, 'Str0ng-Pass!');
    expect((await apiClient(t.app).post('/auth/api/signin', { username: created.body.email, password: 'Str0ng-Pass!' })).status).toBe(401);
    // Under 16, an impossible day, another user's login, an id that is no uploaded image: refused, nothing saved.
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 15);
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, birthday: young.toISOString().slice(0, 10) })).body).toMatchObject({
      reference: '400',
      fields: ['birthday'],
    });
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, birthday: '1990-02-30' })).body.fields).toEqual(['birthday']);
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, email: taken.body.email })).body).toMatchObject({ reference: '423', fields: ['email'] });
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, username: taken.body.username })).body).toMatchObject({
      reference: '420',
      fields: ['username'],
    });
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, avatar: tenant.client.id })).body.fields).toEqual(['avatar']);
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, username: 'bad name' })).body.fields).toEqual(['username']);
    expect((await me.api.get('/ms-core/api/users/me')).body).toMatchObject({ username: base.username, birthday: '1990-05-01' });
    // Absent keeps the avatar; null removes it.
    expect((await me.api.patch('/ms-core/api/users/me', base)).body.avatar).toMatch(/content\?exp=/);
    expect((await me.api.patch('/ms-core/api/users/me', { ...base, avatar: null, birthday: null })).body).toMatchObject({ avatar: null, birthday: null });
  });

  it("PATCH users/me/language saves the header's choice", async () => {
    const created = await admin.api.post('/ms-core/api/users', person());
    const me = await signIn(t.app, created.body.email, 'Str0ng-Pass!');
    expect((await me.api.patch('/ms-core/api/users/me/language', { language: 'en' })).status).toBe(200);
    expect((await me.api.get('/ms-core/api/users/me')).body.language).toBe('en');
    expect((await me.api.patch('/ms-core/api/users/me/language', { language: 'de' })).status).toBe(400);
    expect((await apiClient(t.app).patch('/ms-core/api/users/me/language', { language: 'en' })).status).toBe(401);
  });
});

describe('lab data access (decision 0053)', () => {
  it('is set at creation, kept when an update leaves it out, changed when sent; a foreign category is 400', async () => {
    const created = await admin.api.post(
      '/ms-core/api/users',
      person({ roles: [tenant.roles.laboratory], labDataAccess: ['labDataPool', 'labDataPool', 'labDataLegionella'] }),
    );
    expect(created.status).toBe(200);
    expect(created.body.labDataAccess).toEqual(['labDataPool', 'labDataLegionella']);
    const id = created.body._id as string;
    const { username, email, firstName } = created.body;
    const kept = await admin.api.patch(`/ms-core/api/users/${id}`, { username, email, firstName, roles: [tenant.roles.laboratory] });
    expect([kept.status, kept.body.labDataAccess]).toEqual([200, ['labDataPool', 'labDataLegionella']]);
    const cleared = await admin.api.patch(`/ms-core/api/users/${id}`, { username, email, firstName, roles: [tenant.roles.laboratory], labDataAccess: [] });
    expect(cleared.body.labDataAccess).toEqual([]);
    const bad = await admin.api.patch(`/ms-core/api/users/${id}`, {
      username,
      email,
      firstName,
      roles: [tenant.roles.laboratory],
      labDataAccess: ['labDataMars'],
    });
    expect([bad.status, bad.body.fields]).toEqual([400, ['labDataAccess.0']]);
  });
});
