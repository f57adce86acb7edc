import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCall } from '@audit/domain/calls/define';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { API_PREFIXES } from './auth.js';

/**
 * Every route of the API is registered from a call of packages/domain/src/calls (platform/route.ts),
 * and every call there has its route at its method and path (issue 24, decision 0070).
 */

/**
 * Every call the domain package declares, found by reading its folders (no list to keep by hand): the
 * files of calls/, and the calls.ts of a domain's own folder (packages/domain/src/<domain>/, decision 0076).
 */
async function declaredCalls(): Promise<TCall[]> {
  const src = new URL('../../../../packages/domain/src/', import.meta.url);
  const folder = new URL('calls/', src);
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'define.ts')
    .map((f) => new URL(f, folder));
  const ownFolders = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/calls.ts`, src)))
    .map((entry) => new URL(`${entry.name}/calls.ts`, src));
  const modules = await Promise.all([...files, ...ownFolders].map((url) => import(url.href) as Promise<Record<string, unknown>>));
  const isCall = (v: unknown): v is TCall => typeof v === 'object' && v !== null && 'name' in v && 'method' in v && 'path' in v;
  const found = modules.flatMap((m) =>
    Object.values(m).flatMap((group) => (isCall(group) ? [group] : typeof group === 'object' && group ? Object.values(group).filter(isCall) : [])),
  );
  // Once each: a list of calls (calls/keyed.ts) names calls its domain's file declares.
  return [...new Set(found)];
}

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('routes and calls', () => {
  it('every API route comes from a call, and every call has its route at its method and path', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => API_PREFIXES.some((p) => path.startsWith(p)))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, call: op.operationId })));
    expect(
      routes.filter((r) => !r.call).map((r) => r.route),
      'routes registered without a call',
    ).toEqual([]);

    const calls = await declaredCalls();
    const names = calls.map((c) => c.name);
    expect(
      names.filter((n, i) => names.indexOf(n) !== i),
      'call names are unique',
    ).toEqual([]);
    const registered = new Map(routes.filter((r) => r.call).map((r) => [r.call!, r.route]));
    const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    expect(calls.filter((c) => registered.get(c.name) !== `${c.method} ${openApiPath(c.path)}`).map((c) => `${c.name}: ${c.method} ${c.path}`)).toEqual([]);
  });
});
