import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { createTenant, signIn, type TTenant } from '../test/factories.js';
import { postMultipart } from '../test/multipart.js';
import { MAX_JSON_DEPTH } from './untrusted-input.js';

/**
 * Untrusted strings and shapes (docs/decisions/0022): field names that are Object.prototype
 * properties, NUL bytes, lone UTF-16 surrogates, deep nesting and oversized bodies are refused
 * with a catalogue error naming the field, never a 500.
 */
let t: TTestApp;
let a: TTenant;
let api: Awaited<ReturnType<typeof signIn>>['api'];

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'untrusted');
  ({ api } = await signIn(t.app, a.admin.email));
});
afterAll(() => t.close());

/** A raw JSON request (the body text is sent as is, so it may hold escapes JSON.stringify would not make). */
const raw = (method: 'POST' | 'PATCH', url: string, body: string, token?: string, language?: string) =>
  t.app.inject({
    method,
    url,
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
  });

describe('search field names that are Object.prototype properties', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
    it(`a filter on "${name}" is a 400 naming it`, async () => {
      const res = await api.post('/ms-core/api/users/search', { filters: [{ field: name, operator: 'eq', value: 'x' }] });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([`filters.${name}`]);
    });
    it(`a sort on "${name}" is a 400 naming it`, async () => {
      for (const sort of [name, `-${name}`]) {
        const res = await api.post('/ms-core/api/roles/search', { sort });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual([`sort.${name}`]);
      }
    });
  }
});

describe('NUL bytes and lone surrogates', () => {
  it('sign-in with a NUL in the username is a 400 naming the field, without a session', async () => {
    const res = await raw('POST', '/auth/api/signin', '{"username":"a\\u0000b","password":"x"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 'STR0001', fields: ['username'] });
  });

  it('exist-identifier with a NUL is a 400 in the language of the request', async () => {
    const es = await raw('POST', '/auth/api/spaces/exist-identifier', '{"identifier":"a\\u0000"}');
    const en = await raw('POST', '/auth/api/spaces/exist-identifier', '{"identifier":"a\\u0000"}', undefined, 'en');
    expect(es.statusCode).toBe(400);
    expect(es.json().fields).toEqual(['identifier']);
    expect(es.json().message).toMatch(/caracteres/);
    expect(en.json().message).toMatch(/characters/);
  });

  it('a lone surrogate in a created name is refused, naming the field (nested fields by their path)', async () => {
    const token = (await signIn(t.app, a.admin.email)).session.accessToken;
    const role = await raw('POST', '/ms-core/api/roles', '{"name":"a\\ud800x","permissions":[]}', token);
    expect(role.statusCode).toBe(400);
    expect(role.json()).toMatchObject({ reference: 'STR0001', fields: ['name'] });
    const search = await raw('POST', '/ms-core/api/users/search', '{"filters":[{"field":"firstName","operator":"contains","value":"\\udc00"}]}', token);
    expect(search.statusCode).toBe(400);
    expect(search.json().fields).toEqual(['filters.0.value']);
  });

  it('a NUL in a search text is refused on the body and on the query string', async () => {
    const body = await api.post('/ms-core/api/users/search', { search: 'a\u0000b' });
    expect(body.status).toBe(400);
    expect(body.body.fields).toEqual(['search']);
    const query = await api.get('/ms-core/api/spaces/my-spaces?search=a%00b');
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ reference: 'STR0001', fields: ['search'] });
  });

  it('a NUL in a field name is refused too', async () => {
    const res = await api.patch('/ms-core/api/users/me/settings', { key: 'table.users', value: { 'a\u0000': 1 } });
    expect(res.status).toBe(400);
    expect(res.body.reference).toBe('STR0001');
  });

  it('a NUL in a multipart file name or text field is refused the same way', async () => {
    const token = (await signIn(t.app, a.admin.email)).session.accessToken;
    const file = { buffer: Buffer.from('hello'), filename: 'a\u0000.txt', contentType: 'text/plain' };
    const res = await postMultipart(t.app, '/ms-core/api/files/upload', token, file, { note: 'x\u0000' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reference: 'STR0001', fields: ['filename', 'note'] });
  });

  it('ordinary text, accents and emoji (surrogate pairs) still pass', async () => {
    const res = await api.post('/ms-core/api/roles', { name: 'Jefa de cocina 👩‍🍳 ñ', permissions: [] });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Jefa de cocina 👩‍🍳 ñ');
  });
});

describe('shape of the body', () => {
  it('JSON nested 100,000 levels deep is a 400, not a stack overflow', async () => {
    const token = (await signIn(t.app, a.admin.email)).session.accessToken;
    const deep = `{"key":"table.users","value":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await raw('PATCH', '/ms-core/api/users/me/settings', deep, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reference: 'REQ0002' });
  });

  it(`nesting up to ${MAX_JSON_DEPTH} levels is accepted`, async () => {
    let value: unknown = 1;
    for (let i = 2; i < MAX_JSON_DEPTH; i++) value = [value];
    const res = await api.patch('/ms-core/api/users/me/settings', { key: 'table.users', value });
    expect(res.status).toBe(200);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const res = await api.patch('/ms-core/api/users/me/settings', { key: 'table.users', value: '['.repeat(1000) });
    expect(res.status).toBe(200);
  });

  it('a body over the 2 MB limit is a 413 catalogue error', async () => {
    const token = (await signIn(t.app, a.admin.email)).session.accessToken;
    const res = await raw('POST', '/ms-core/api/roles', JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), permissions: [] }), token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 'REQ0001' });
  });

  it('a huge string under the limit is a 400 naming the field, not a 500', async () => {
    const res = await api.post('/ms-core/api/roles', { name: 'x'.repeat(1024 * 1024), permissions: [] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(['name']);
  });

  it('a preference saved under the key __proto__, constructor or toString is just a preference', async () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const res = await api.patch('/ms-core/api/users/me/settings', { key, value: { size: 20 } });
      expect(res.status, key).toBe(200);
    }
    const me = await api.get('/ms-core/api/users/me');
    expect(me.status).toBe(200);
  });

  it('__proto__ and constructor keys in a body are refused or ignored, never a 500', async () => {
    const token = (await signIn(t.app, a.admin.email)).session.accessToken;
    for (const body of [
      '{"name":"p1","permissions":[],"__proto__":{"admin":true}}',
      '{"name":"p2","permissions":[],"constructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await raw('POST', '/ms-core/api/roles', body, token);
      expect(res.statusCode).toBeLessThan(500);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    }
  });
});
