import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TRouteRecord } from '../app.js';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { createTenant, signIn } from '../test/factories.js';
import { sampleFromZod } from '../test/sample.js';

/**
 * The robustness probes of issue 12, kept in the suite over every route the app registers (new
 * routes are covered without editing this file). An administrator, who passes every permission
 * check, sends each route's plausible body and query with NUL bytes, lone UTF-16 surrogates,
 * 100,000 levels of nesting, `__proto__` / `constructor` keys, 8 KB strings one field at a time,
 * on search routes, filters and sorts on Object.prototype names, and six identical copies of each
 * write at once. No answer may be a 5xx.
 * One app, one tenant, one session: a few seconds in all.
 */
let t: TTestApp;
let api: Awaited<ReturnType<typeof signIn>>['api'];
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db, 'probe');
  ({
    api,
    session: { accessToken: token },
  } = await signIn(t.app, tenant.admin.email));
});
afterAll(() => t.close());

/** An id no row has: the probes look at input handling, and must not lock or reset the caller. */
const ID = randomUUID();
const urlOf = (route: TRouteRecord) => route.url.replace(/:[A-Za-z_]+/g, ID);
const probed = () => t.app.routeTable.filter((r) => !r.url.startsWith('/test') && !r.url.includes('*'));
const withBody = () => probed().filter((r) => r.schema?.body && r.method !== 'GET');
const withQuery = () => probed().filter((r) => r.schema?.querystring);
const isSearch = (route: TRouteRecord) => {
  const body = sampleFromZod(route.schema?.body, ID);
  return !!body && typeof body === 'object' && 'filters' in body && 'sort' in body;
};

/** Every string of a value (and every key, when `keys`) passed through `change`. */
function mapStrings(value: unknown, change: (text: string) => string, keys = false): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, change, keys));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [keys ? change(k) : k, mapStrings(v, change, keys)]));
  return value;
}

/** Paths of every string leaf of a value, to change one field at a time. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function setAt(value: unknown, path: (string | number)[], leaf: string): unknown {
  if (!path.length) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), leaf);
  return copy;
}

const problems: string[] = [];
let calls = 0;
beforeEach(() => {
  problems.length = 0;
});

/** Sends a raw JSON text (so it may hold what JSON.stringify would not make) and records any 5xx. */
async function send(label: string, route: TRouteRecord, body: string | undefined, query = '') {
  const res = await t.app.inject({
    method: route.method as 'POST',
    url: `${urlOf(route)}${query}`,
    ...(body === undefined ? {} : { payload: body }),
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  calls++;
  if (res.statusCode >= 500) problems.push(`${label}: ${route.method} ${route.url} ${res.statusCode} ${res.body.slice(0, 160)}`);
  return res;
}

const bodyOf = (route: TRouteRecord) => sampleFromZod(route.schema?.body, ID) ?? {};
const queryOf = (route: TRouteRecord) => (sampleFromZod(route.schema?.querystring, ID) ?? {}) as Record<string, unknown>;
const queryString = (query: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** Probes have many calls each; a busy shared machine needs more than the default 5 s. */
const PROBE_TIMEOUT_MS = 120_000;

describe('probes over every route with a body or a query', () => {
  it('covers the routes of every module', () => {
    expect(withBody().length).toBeGreaterThan(80);
    expect(probed().filter(isSearch).length).toBeGreaterThan(25);
    expect(withQuery().map((r) => r.url)).toContain('/ms-core/api/spaces/my-spaces');
  });

  it(
    'NUL bytes and lone surrogates in every string and key of the body',
    async () => {
      for (const route of withBody()) {
        const body = bodyOf(route);
        for (const [label, bad, keys] of [
          ['NUL', 'a\u0000b', false],
          ['high surrogate', 'a\ud800x', false],
          ['low surrogate and NUL in keys', '\udc00\u0000', true],
        ] as const) {
          const res = await send(label, route, JSON.stringify(mapStrings(body, (s) => `${s}${bad}`, keys)));
          // The central check answers before the route: the field named, in the catalogue.
          if (res.statusCode === 400 && res.json().reference !== 'STR0001')
            problems.push(`${label}: ${route.method} ${route.url} answered ${res.body.slice(0, 120)}`);
        }
      }
      expect(problems).toEqual([]);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    'NUL bytes and lone surrogates in every query string',
    async () => {
      for (const route of withQuery()) {
        const query = queryOf(route);
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(bodyOf(route));
        // One parameter at a time (the others plausible), so the bad one is the only thing wrong.
        for (const key of Object.keys(query)) {
          const rest = Object.fromEntries(Object.entries(query).filter(([k]) => k !== key));
          // %ED%A0%80 is the UTF-8 form of a lone surrogate, which URLSearchParams would never write.
          for (const bad of ['a%00b', 'a%ED%A0%80x']) await send(`query ${key}=${bad}`, route, body, `${queryString(rest)}&${key}=${bad}`);
        }
      }
      expect(problems).toEqual([]);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    '100,000 levels of nesting and __proto__ / constructor keys',
    async () => {
      const deep = `{"value":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      for (const route of withBody()) {
        const res = await send('deep', route, deep);
        if (res.statusCode !== 400 || res.json().reference !== 'REQ0002')
          problems.push(`deep: ${route.method} ${route.url} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
        const sample = JSON.stringify(bodyOf(route));
        const poisoned =
          sample.startsWith('{') && sample !== '{}' ? `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},${sample.slice(1)}` : sample;
        await send('__proto__', route, poisoned);
        await send('__proto__ nested', route, JSON.stringify(mapStrings(bodyOf(route), () => '__proto__')));
      }
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(problems).toEqual([]);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    '8 KB strings, one field at a time (past the size of an index row)',
    async () => {
      const huge = 'x'.repeat(8 * 1024);
      for (const route of withBody()) {
        const body = bodyOf(route);
        for (const path of stringPaths(body)) await send(`8 KB at ${path.join('.')}`, route, JSON.stringify(setAt(body, path, huge)));
      }
      for (const route of withQuery()) {
        for (const key of Object.keys(queryOf(route)))
          await send(
            `8 KB query ${key}`,
            route,
            route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(bodyOf(route)),
            queryString({ ...queryOf(route), [key]: huge }),
          );
      }
      expect(problems).toEqual([]);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    'search routes: filters and sorts on Object.prototype names are 400 naming the field',
    async () => {
      for (const route of probed().filter(isSearch)) {
        for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
          const body = bodyOf(route) as Record<string, unknown>;
          const filter = await send(`filter ${name}`, route, JSON.stringify({ ...body, sort: null, filters: [{ field: name, operator: 'eq', value: 'x' }] }));
          const sort = await send(`sort ${name}`, route, JSON.stringify({ ...body, filters: [], sort: `-${name}` }));
          for (const [res, field] of [
            [filter, `filters.${name}`],
            [sort, `sort.${name}`],
          ] as const) {
            // 404 for a route under an entity that does not exist (e.g. a space's services) is fine.
            if (res.statusCode !== 404 && (res.statusCode !== 400 || !res.json().fields?.includes(field)))
              problems.push(`${field}: ${route.method} ${route.url} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(calls).toBeGreaterThan(1000);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    'six identical writes at once on every route (really parallel on PostgreSQL)',
    async () => {
      for (const route of withBody()) {
        const body = JSON.stringify(bodyOf(route));
        await Promise.all(Array.from({ length: 6 }, () => send('six at once', route, body)));
      }
      expect(problems).toEqual([]);
    },
    PROBE_TIMEOUT_MS,
  );

  it('the session the probes used still works (no probe locked or reset the caller)', async () => {
    expect((await api.get('/ms-core/api/users/me')).status).toBe(200);
  });
});
