import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CATALOGUE, errorCodeOf, type TErrorName } from '@audit/domain/errors';
import { apiClient, createTestApp, type TTestApp } from '../test/harness.js';
import { AppError } from './errors.js';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/test/boom', { config: { access: { public: true } } }, async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    app.get('/test/catalogue/:name/:reference', { config: { access: { public: true } } }, async (req) => {
      const { name, reference } = req.params as { name: TErrorName; reference: string };
      const code = errorCodeOf(name, reference);
      if (!code) throw new Error(`not in the catalogue: ${name}.${reference}`);
      throw new AppError(code);
    });
    app
      .withTypeProvider()
      .post(
        '/test/validate',
        { config: { access: { public: true } }, schema: { body: z.object({ email: z.string().email(), age: z.number().int() }) } },
        async () => ({ ok: true }),
      );
  });
});
afterAll(() => t.close());

describe('error format', () => {
  it('an unexpected error is INTERNALERROR 0 with a request id, never a stack or detail', async () => {
    const res = await apiClient(t.app).get('/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ name: 'INTERNALERROR', reference: '0' });
    expect(res.body.requestId).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toMatch(/secret|srv|stack/);
  });

  it('every catalogue entry answers its status with {name, reference, message} in es and en', async () => {
    for (const entry of ERROR_CATALOGUE) {
      const es = await apiClient(t.app).get(`/test/catalogue/${entry.name}/${entry.reference}`);
      expect(es.status).toBe(entry.status);
      expect(es.body).toMatchObject({ name: entry.name, reference: entry.reference, message: entry.es });
      const en = await apiClient(t.app, undefined, 'en').get(`/test/catalogue/${entry.name}/${entry.reference}`);
      expect(en.body.message).toBe(entry.en);
    }
  });

  it('a validation failure names each offending field', async () => {
    const res = await apiClient(t.app).post('/test/validate', { email: 'nope', age: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ name: 'BADREQUESTERROR', reference: '400' });
    expect(res.body.fields.sort()).toEqual(['age', 'email']);
  });

  it('malformed JSON is a 400 from the catalogue', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/validate', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: '400' });
  });

  it('an unknown API path under every base is a route-not-found, not an entity not found', async () => {
    for (const base of ['/ms-core/api', '/ms-registry/api', '/ms-statistics/api', '/auth/api']) {
      const res = await apiClient(t.app).post(`${base}/nothing-here`, {});
      expect(res.status, base).toBe(404);
      expect(res.body, base).toMatchObject({ name: 'NOTFOUND', reference: 'RTE0001', message: 'La dirección pedida no existe.' });
    }
  });

  it('OpenAPI lists every route with the permissions it requires', async () => {
    const res = await apiClient(t.app).get('/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { description?: string }>>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/auth/api/signin', '/ms-core/api/users/search', '/ms-core/api/users/{id}']));
    expect(paths['/ms-core/api/users/search']!.post!.description).toContain('USER:READ');
    for (const route of t.app.routeTable.filter((r) => !r.url.startsWith('/test'))) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    }
  });
});
