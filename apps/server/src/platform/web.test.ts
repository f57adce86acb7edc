import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression, registerSecurityHeaders } from './headers.js';
import { registerWebApp } from './web.js';

/**
 * The built app as the server sends it (decision 0017): the build's .br/.gz copies chosen by
 * Accept-Encoding, a year's immutable cache for hashed files and revalidation for the rest, the
 * Content-Security-Policy on the document, API answers compressed.
 */
let app: FastifyInstance;
let dist: string;
const storedBodies: unknown[] = [];
const SCRIPT = `export const hello = ${JSON.stringify('x'.repeat(4000))};`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${' '.repeat(2000)}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'audit-web-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = { 'index.html': HTML, 'assets/app-abc123.js': SCRIPT, 'sw.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  app = Fastify();
  registerSecurityHeaders(app);
  // As the idempotency layer in app.ts: an onSend hook registered before compression sees the plain body.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.url === '/ms-core/api/big') storedBodies.push(payload);
    return payload;
  });
  await registerCompression(app);
  app.get('/ms-core/api/big', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }));
  app.get('/ms-core/api/small', async () => ({ ok: true }));
  await registerWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app as served', () => {
  it('sends a hashed file as the build compressed it, cached for a year, with only a subresource’s headers', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers.etag).toBeUndefined();

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a page with index.html, revalidated, under the Content-Security-Policy', async () => {
    const page = await get('/auditor/audits/run/123', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('revalidates the service worker script and never answers a missing chunk with HTML', async () => {
    expect((await get('/sw.js', 'br')).headers['cache-control']).toBe('no-cache');
    const missing = await get('/assets/gone-000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('answers an unknown API path with the route-not-found error while a page path still gets the app', async () => {
    for (const url of ['/ms-core/api/nothing', '/ms-registry/api/nothing', '/ms-statistics/api/nothing', '/auth/api/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ name: 'NOTFOUND', reference: 'RTE0001' });
    }
    expect((await get('/admin/spaces')).headers['content-type']).toMatch(/text\/html/);
  });

  it('compresses API answers above 1 KB for a browser that accepts it', async () => {
    const big = await get('/ms-core/api/big', 'gzip, deflate, br');
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).items).toHaveLength(200);
    expect(typeof storedBodies[0] === 'string' && JSON.parse(storedBodies[0]).items).toHaveLength(200);
    expect(big.headers['content-security-policy']).toBeDefined();
    expect((await get('/ms-core/api/small', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/ms-core/api/big')).json().items).toHaveLength(200);
  });
});
