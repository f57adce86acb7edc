import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../test/harness.js';
import { signIn } from '../test/factories.js';
import { loadConfig } from '../config.js';
import { seedOnFirstStart } from './index.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const config = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/audit-test-unused', ...env });

describe('first start', () => {
  it('SEED=none with ADMIN_EMAIL / ADMIN_PASSWORD creates only the first administrator, once', async () => {
    const env = { SEED: 'none', ADMIN_EMAIL: 'owner@company.example', ADMIN_PASSWORD: 'Str0ng-Pass!', COMPANY_NAME: 'Company Example S.L.' };
    expect(await seedOnFirstStart(t.db, config(env))).toEqual({ accounts: [] });
    const { api } = await signIn(t.app, 'owner@company.example', 'Str0ng-Pass!');
    const me = await api.get('/ms-core/api/users/me');
    expect(me.body).toMatchObject({ isAdmin: true, firstName: 'Administrador' });
    // The company is named as asked, not "Main" (it shows on every screen and on the PDF's cover).
    expect((await api.get('/ms-core/api/spaces/current')).body).toMatchObject({ name: 'Company Example S.L.' });
    expect((await api.post('/ms-core/api/users/search', {})).headers['x-total-count']).toBe('1');
    expect((await apiClient(t.app).post('/auth/api/signin', { username: 'admin@demo.test', password: 'Demo1234!' })).status).toBe(401);

    // a second start changes nothing, even if asked for demo data now
    await seedOnFirstStart(t.db, config({ ...env, SEED: 'demo' }));
    expect((await api.post('/ms-core/api/users/search', {})).headers['x-total-count']).toBe('1');
    expect((await apiClient(t.app).post('/auth/api/signin', { username: 'admin@demo.test', password: 'Demo1234!' })).status).toBe(401);
  });
});

describe('first start without a company name', () => {
  it('names the company "Mi empresa", never "Main"', async () => {
    const fresh = await createTestApp();
    try {
      await seedOnFirstStart(fresh.db, config({ SEED: 'none', ADMIN_EMAIL: 'owner@noname.example', ADMIN_PASSWORD: 'Str0ng-Pass!' }));
      const { api } = await signIn(fresh.app, 'owner@noname.example', 'Str0ng-Pass!');
      expect((await api.get('/ms-core/api/spaces/current')).body).toMatchObject({ name: 'Mi empresa' });
    } finally {
      await fresh.close();
    }
  });
});
