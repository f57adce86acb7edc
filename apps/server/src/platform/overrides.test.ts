import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Two dependencies of our dependencies are pinned by package.json `overrides` to versions that run
 * on Node 20 (their latest want Node 22): content-disposition under @fastify/static and cookie
 * under light-my-request (fastify's inject). Same API; checked here through the parents.
 */
const root = mkdtempSync(join(tmpdir(), 'audit-overrides-'));
writeFileSync(join(root, 'informe.txt'), 'contenido');
const app = Fastify();
await app.register(fastifyStatic, { root, serve: false });
app.get('/download', (_request, reply) => reply.download('informe.txt', 'Informe de auditoría nº 3.txt'));
app.get('/cookies', (request) => ({ cookie: request.headers.cookie }));
afterAll(() => app.close());

describe('overridden dependencies', () => {
  it('@fastify/static names a download with content-disposition (a non-ASCII name both ways)', async () => {
    const res = await app.inject({ url: '/download' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('contenido');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Informe de auditor?a n? 3.txt"; filename*=UTF-8''Informe%20de%20auditor%C3%ADa%20n%C2%BA%203.txt`,
    );
  });

  it("fastify's inject sends cookies through cookie's stringifySetCookie (values encoded)", async () => {
    const res = await app.inject({ url: '/cookies', cookies: { session: 'a b', lang: 'es' } });
    expect(res.json()).toEqual({ cookie: 'session=a%20b; lang=es' });
  });
});
