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
    const env = { SEED: 'none', ADMIN_EMAIL: 'owner@company.example', ADMIN_PASSWORD: 'Str0ng-Pass!' };
    expect(await seedOnFirstStart(t.db, config(env))).toEqual({ accounts: [] });
    const { api } = await signIn(t.app, 'owner@company.example', 'Str0ng-Pass!');
    const me = await api.get('/ms-core/api/users/me');
    expect(me.body).toMatchObject({ isAdmin: true, firstName: 'Administrator' });
    expect((await api.post('/ms-core/api/users/search', {})).headers['x-total-count']).toBe('1');
    expect((await apiClient(t.app).post('/auth/api/signin', { username: 'admin@demo.test', password: 'Demo1234!' })).status).toBe(401);

    // a second start changes nothing, even if asked for demo data now
    await seedOnFirstStart(t.db, config({ ...env, SEED: 'demo' }));
    expect((await api.post('/ms-core/api/users/search', {})).headers['x-total-count']).toBe('1');
    expect((await apiClient(t.app).post('/auth/api/signin', { username: 'admin@demo.test', password: 'Demo1234!' })).status).toBe(401);
  });
});
