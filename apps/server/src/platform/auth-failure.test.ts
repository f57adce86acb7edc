import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuthentication } from './auth.js';
import { registerErrorHandling } from './errors.js';
import type { TIdentityLoader } from './identity.js';
import type { TTokenService } from './tokens.js';

/** When the permission check cannot be made (the roles cannot be read), the catalogue's 458. */
const app = Fastify();
const claims = { sub: '00000000-0000-4000-8000-000000000001', space: '00000000-0000-4000-8000-000000000002', path: 'x', pwd: 0 };
const tokens = { knownAccess: () => undefined, verifyAccess: async () => claims } as unknown as TTokenService;
const identities = {
  peek: () => undefined,
  load: async () => {
    throw new Error('connection terminated');
  },
  forget: () => undefined,
} as unknown as TIdentityLoader;

beforeAll(async () => {
  registerErrorHandling(app);
  registerAuthentication(app, identities, tokens);
  app.get('/ms-core/api/guarded', { config: { access: { permissions: ['USER:READ'] } } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('a permission check that cannot be made', () => {
  it('answers BADREQUESTERROR 458 "error checking permissions", never the route nor a bare internal error', async () => {
    const res = await app.inject({ method: 'GET', url: '/ms-core/api/guarded', headers: { authorization: 'Bearer anything', 'x-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: '458', message: 'Error checking permissions.' });
  });
});
