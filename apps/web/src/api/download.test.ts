// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from './client';
import { downloadFile } from './download';

configureClient({ language: () => 'en', sessionExpired: () => undefined });

const EXPORT = '/ms-core/api/tasks/export-excel';
const unauthorized = () => new Response(JSON.stringify({ name: 'UNAUTHORIZEDERROR', reference: '401', message: 'expired' }), { status: 401 });

/** The session a refresh answers (the refresh call's schema, packages/domain/src/spaces.ts). */
const SPACE = { _id: 's1', name: 'Higiene Demo', identifier: 'higiene-demo', typeStructure: 'STRUCTURE', logo: null, parent: null, secureSpacePath: '/s1/' };

/** A server whose export refuses the expired token and accepts the one the refresh hands out. */
function stubServer() {
  const calls: { url: string; headers: Record<string, string>; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, headers, body: init.body as string | undefined });
      if (url.includes('/refresh-token'))
        return new Response(JSON.stringify({ accessToken: 'fresh-access', refreshToken: 'refresh-2', space: SPACE, spaces: [SPACE] }), { status: 200 });
      if (headers.authorization !== 'Bearer fresh-access') return unauthorized();
      return new Response(new Blob(['xlsx-bytes']), { status: 200 });
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('accessToken', 'expired-access');
  localStorage.setItem('refreshToken', 'refresh-1');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('a download with an expired access token', () => {
  it('refreshes the session once, retries, and sends client-date and the language like every call', async () => {
    const calls = stubServer();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadFile(EXPORT, 'Tareas.xlsx', { body: { filters: [] } });
    expect(calls.map((c) => c.url)).toEqual([EXPORT, '/auth/api/refresh-token', EXPORT]);
    const retried = calls[2]!;
    expect(retried.headers.authorization).toBe('Bearer fresh-access');
    expect(retried.headers['x-language']).toBe('en');
    expect(new Date(retried.headers['client-date']!).getTime()).toBeGreaterThan(0);
    expect(JSON.parse(retried.body!)).toEqual({ filters: [] });
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBe('fresh-access');
  });
});
