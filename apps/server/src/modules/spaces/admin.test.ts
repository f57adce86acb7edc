import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { postMultipart } from '../../test/multipart.js';
import { loadConfig } from '../../config.js';
import type { TModuleContext } from '../../platform/http.js';
import { companyCover } from '../reports/pdf/company.js';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../../platform/tenancy.js';

const BASE = '/ms-core/api/spaces';
let t: TTestApp;
let tenant: TTenant;
let other: TTenant;
let admin: Awaited<ReturnType<typeof signIn>>;
const dataDir = mkdtempSync(join(tmpdir(), 'admin-spaces-'));

const png = () =>
  sharp({ create: { width: 240, height: 240, channels: 4, background: '#0b6e5f' } })
    .png()
    .toBuffer();

async function uploadLogo(token: string) {
  const res = await postMultipart(t.app, '/ms-core/api/files/image', token, { buffer: await png(), filename: 'logo.png', contentType: 'image/png' });
  expect(res.status).toBe(200);
  return res.body._id as string;
}

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  [tenant, other] = [await createTenant(t.db, 'adsp'), await createTenant(t.db, 'adsq')];
  admin = await signIn(t.app, tenant.admin.email);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('/admin/spaces: the spaces of the scope', () => {
  it('lists the current space and those below, paged and searched, with what the admin may do', async () => {
    const all = await admin.api.post(`${BASE}/search`, { size: 50 });
    expect(all.status).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBe(4);
    const root = all.body.find((s: { _id: string }) => s._id === tenant.root.id);
    expect(root).toMatchObject({ current: true, active: true, can: { update: true, changeStatus: false } });
    const client = all.body.find((s: { _id: string }) => s._id === tenant.client.id);
    expect(client).toMatchObject({ parentName: tenant.root.name, typeStructure: 'STRUCTURE', current: false, can: { update: true, changeStatus: true } });
    const areas = await admin.api.post(`${BASE}/search`, { filters: [{ field: 'typeStructure', operator: 'eq', value: 'AREA' }] });
    expect(areas.body.map((s: { _id: string }) => s._id)).toEqual([tenant.area.id]);
    const page = await admin.api.post(`${BASE}/search`, { size: 1, page: 1, sort: 'name' });
    expect(page.body).toHaveLength(1);
    expect((await admin.api.post(`${BASE}/search`, { filters: [{ field: 'secureSpacePath', value: '/' }] })).body.reference).toBe('400');
    // Another tenant's spaces are never listed.
    const text = JSON.stringify((await admin.api.post(`${BASE}/search`, { size: 200 })).body);
    expect(text).not.toContain(other.root.id);
  });

  it('creates a space with a unique identifier and a logo, edits it and (de)activates it like the client form', async () => {
    const logo = await uploadLogo(admin.session.accessToken);
    const input = { identifier: `north-${tenant.tag}`, name: 'Delegación Norte', typeStructure: 'STRUCTURE', modules: ['AUDITS', 'REGISTERS'], logo };
    const created = await admin.api.post(BASE, input);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ identifier: input.identifier, parent: tenant.root.id, modules: ['AUDITS', 'REGISTERS'], active: true });
    expect(created.body.logo).toBe(`${BASE}/${created.body._id}/logo?v=${logo.slice(0, 8)}`);
    // The identifier is unique whatever its case, and the public check says so.
    const twice = await admin.api.post(BASE, { ...input, identifier: input.identifier.toUpperCase() });
    expect(twice).toMatchObject({ status: 409, body: { reference: '420', fields: ['identifier'] } });
    expect((await apiClient(t.app).post('/auth/api/spaces/exist-identifier', { identifier: input.identifier })).body).toEqual({ exists: true });
    expect((await admin.api.post(BASE, { ...input, identifier: 'bad id!' })).status).toBe(400);
    expect((await admin.api.post(BASE, { ...input, identifier: `x-${tenant.tag}`, parent: other.client.id })).body.fields).toEqual(['parent']);
    expect((await admin.api.post(BASE, { ...input, identifier: `y-${tenant.tag}`, logo: other.root.id })).body.fields).toEqual(['logo']);

    const id = created.body._id as string;
    const edited = await admin.api.patch(`${BASE}/${id}`, { name: 'Delegación Norte 2', modules: ['AUDITS'], description: 'Oficina' });
    expect(edited.body).toMatchObject({ name: 'Delegación Norte 2', modules: ['AUDITS'], description: 'Oficina' });
    const off = await admin.api.patch(`${BASE}/${id}`, { active: false });
    expect(off.body.active).toBe(false);
    const asClient = await admin.api.get(`/ms-core/api/structures/${id}`);
    expect(asClient.body).toMatchObject({ active: false });
    expect((await admin.api.patch(`${BASE}/${id}`, { active: true })).body.active).toBe(true);
    // Never the space the session acts in; never another tenant's.
    expect((await admin.api.patch(`${BASE}/${tenant.root.id}`, { active: false })).status).toBe(403);
    expect((await admin.api.patch(`${BASE}/${other.client.id}`, { name: 'x' })).status).toBe(404);
    const trail = await admin.api.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', operator: 'eq', value: id }] });
    expect(trail.body.map((tr: { type: string }) => tr.type).sort()).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE']);
  });

  it('parallel identical creations give one space and a 420, never a 5xx', async () => {
    const body = { identifier: `twin-${tenant.tag}`, name: 'Twin', typeStructure: 'AREA', parent: tenant.establishment.id };
    const answers = await Promise.all([admin.api.post(BASE, body), admin.api.post(BASE, body), admin.api.post(BASE, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('a client user without ORG permissions is refused (452)', async () => {
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.post(`${BASE}/search`, {})).body.reference).toBe('452');
    expect((await client.api.patch(`${BASE}/current/settings`, { signupEnabled: true })).body.reference).toBe('452');
  });
});

describe('/admin/settings: the current space', () => {
  it('saves sign-up, onboarding, time zone, language and logo; the logo is public and on the PDF cover', async () => {
    const before = await admin.api.get(`${BASE}/current`);
    expect(before.body).toMatchObject({ signupEnabled: false, onboardingActive: false, language: 'es', logo: null });
    const logo = await uploadLogo(admin.session.accessToken);
    const saved = await admin.api.patch(`${BASE}/current/settings`, {
      signupEnabled: true,
      onboardingActive: true,
      timeZone: 'Atlantic/Canary',
      language: 'en',
      logo,
      name: 'Compañía Norte',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ signupEnabled: true, onboardingActive: true, timeZone: 'Atlantic/Canary', language: 'en', name: 'Compañía Norte' });
    expect((await apiClient(t.app).get('/auth/api/signup/spaces')).body).toEqual(expect.arrayContaining([expect.objectContaining({ _id: tenant.root.id })]));

    // Anyone may load the logo by its address (the sign-in page, mails); the session's space names it too.
    const image = await apiClient(t.app).get(saved.body.logo);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const me = await signIn(t.app, tenant.admin.email);
    expect((me.session.space as { logo?: string }).logo).toBe(saved.body.logo);
    const ctx = { db: t.db, config: loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) } as TModuleContext;
    const cover = await companyCover(ctx, { spaceId: tenant.client.id, spacePath: tenant.client.path, userId: null });
    expect(cover.company).toBe('Compañía Norte');
    expect(cover.logo?.subarray(1, 4).toString()).toBe('PNG');

    expect((await admin.api.patch(`${BASE}/current/settings`, { timeZone: 'Mars/Olympus' })).body.fields).toEqual(['timeZone']);
    expect((await admin.api.patch(`${BASE}/current/settings`, { language: 'fr' })).status).toBe(400);
    expect((await apiClient(t.app).get(`${BASE}/${other.root.id}/logo`)).status).toBe(404);
    const cleared = await admin.api.patch(`${BASE}/current/settings`, { logo: null, signupEnabled: false });
    expect(cleared.body).toMatchObject({ logo: null, signupEnabled: false });
  });
});

describe('the space-owner and admin-space flags, the session’s isOwner (decision 0065)', () => {
  it('a tenant cannot flag itself; the owner’s session sets the flags, sees isOwner, and spaces/current shows them', async () => {
    const me = await admin.api.get('/ms-core/api/users/me');
    expect(me.body.isOwner).toBe(false);
    const own = (await admin.api.post(`${BASE}/search`, { size: 50 })).body.find((s: { _id: string }) => s._id === tenant.client.id);
    expect(own).toMatchObject({ ownerSpace: false, adminSpace: false, can: { setFlags: false } });
    const refused = await admin.api.patch(`${BASE}/${tenant.root.id}`, { ownerSpace: true });
    expect(refused.status).toBe(403);
    expect(refused.body.reference).toBe('452');
    expect((await admin.api.post(BASE, { identifier: `flagged-${tenant.tag}`, name: 'Flagged', typeStructure: 'STRUCTURE', adminSpace: true })).status).toBe(
      403,
    );

    // The operator marks its own root (as the first start's seed and migration 0048 do).
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update spaces set owner_space = true where id = ${other.root.id}`));
    const owner = await signIn(t.app, other.admin.email);
    expect((await owner.api.get('/ms-core/api/users/me')).body.isOwner).toBe(true);
    const updated = await owner.api.patch(`${BASE}/${other.client.id}`, { adminSpace: true });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ adminSpace: true, ownerSpace: false, can: { setFlags: true } });
    expect((await owner.api.get(`${BASE}/current`)).body).toMatchObject({ ownerSpace: true, adminSpace: false });
    expect((await owner.api.patch(`${BASE}/${tenant.client.id}`, { adminSpace: true })).status).toBe(404); // another tenant's space
  });
});
