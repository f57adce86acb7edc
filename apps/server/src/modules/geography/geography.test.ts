import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { countryId, displayName, stateId } from './data.js';
import { loadGeography } from './load.js';

let t: TTestApp;
let a: TTenant;
let api: Awaited<ReturnType<typeof signIn>>['api'];
const SPAIN = countryId('ES');
const MADRID = stateId('ES', '28');

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'geo');
  api = (await signIn(t.app, a.clientUser.email)).api;
});
afterAll(() => t.close());

describe('geography', () => {
  it('refuses anonymous calls (401) and malformed ids (412)', async () => {
    const anon = apiClient(t.app);
    expect((await anon.post('/ms-core/api/countries/search', {})).status).toBe(401);
    expect((await anon.get(`/ms-core/api/countries/${SPAIN}`)).status).toBe(401);
    expect((await anon.post(`/ms-core/api/states/${SPAIN}/search`, {})).status).toBe(401);
    expect((await anon.post(`/ms-core/api/cities/${MADRID}/search`, {})).status).toBe(401);
    expect((await api.get('/ms-core/api/countries/not-an-id')).body.reference).toBe('412');
    expect((await api.post('/ms-core/api/states/nope/search', {})).body.reference).toBe('412');
    expect((await api.get('/ms-core/api/cities/123')).body.reference).toBe('412');
  });

  it('answers 400 naming a bad filter and 404 for an unknown id', async () => {
    const bad = await api.post('/ms-core/api/countries/search', { filters: [{ field: 'password', value: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(['filters.password']);
    expect((await api.post('/ms-core/api/countries/search', { size: 0 })).body.fields).toContain('size');
    for (const path of ['countries', 'states', 'cities']) expect((await api.get(`/ms-core/api/${path}/${a.root.id}`)).status).toBe(404);
  });

  it('searches the world countries in Spanish and in English', async () => {
    const all = await api.post('/ms-core/api/countries/search', { size: 1 });
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(249);
    const es = await api.post('/ms-core/api/countries/search', { search: 'Alemania' });
    expect(es.body.map((c: { code: string }) => c.code)).toEqual(['DE']);
    const en = await apiClient(t.app, (await signIn(t.app, a.admin.email)).session.accessToken, 'en').post('/ms-core/api/countries/search', {
      search: 'Germany',
    });
    expect(en.body[0]).toMatchObject({ code: 'DE', name: 'Germany', nameEs: 'Alemania' });
    const spain = await api.get(`/ms-core/api/countries/${SPAIN}`);
    expect(spain.body).toMatchObject({ _id: SPAIN, code: 'ES', alpha3: 'ESP', name: 'España', nameEn: 'Spain' });
  });

  it('has the 52 provinces of Spain, Ceuta and Melilla included', async () => {
    const res = await api.post(`/ms-core/api/states/${SPAIN}/search`, { size: 100 });
    expect(res.headers['x-total-count']).toBe('52');
    const names = res.body.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Madrid', 'Ceuta', 'Melilla', 'Valencia/València', 'A Coruña', 'Las Palmas']));
    expect((await api.get(`/ms-core/api/states/${MADRID}`)).body).toMatchObject({ code: '28', name: 'Madrid', country: SPAIN });
    const france = await api.post(`/ms-core/api/states/${countryId('FR')}/search`, {});
    expect(france.headers['x-total-count']).toBe('0');
  });

  it("lists a province's municipalities with their INE codes", async () => {
    const madrid = await api.post(`/ms-core/api/cities/${MADRID}/search`, { size: 1 });
    expect(madrid.headers['x-total-count']).toBe('179');
    const alcala = await api.post(`/ms-core/api/cities/${MADRID}/search`, { search: 'Alcalá de Henares' });
    expect(alcala.body).toEqual([expect.objectContaining({ name: 'Alcalá de Henares', code: '28005', state: MADRID })]);
    expect((await api.get(`/ms-core/api/cities/${alcala.body[0]._id}`)).body.name).toBe('Alcalá de Henares');
    const rozas = await api.post(`/ms-core/api/cities/${MADRID}/search`, { search: 'Las Rozas' });
    expect(rozas.body[0]).toMatchObject({ name: 'Las Rozas de Madrid', officialName: 'Rozas de Madrid, Las' });
  });

  it('loads all of it once: 8,131 municipalities, and a second load is a no-op', async () => {
    const again = await unsafeUnscoped(t.db, (tx) => loadGeography(tx));
    expect(again).toMatchObject({ loaded: false, states: 52, cities: 8131 });
    expect(displayName("Lorcha/Orxa, l'")).toBe("Lorcha/l'Orxa");
    expect(displayName('Bonillo, El')).toBe('El Bonillo');
  });
});
