// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, request } from './client';

const sessionExpired = vi.fn();
configureClient({ language: () => 'es', sessionExpired });

const unauthorized = () => new Response(JSON.stringify({ name: 'AUTHERROR', reference: '1', message: 'expired' }), { status: 401 });

/** users/me answers 401 (the access token expired); the refresh call answers with `refresh`. */
function stubServer(refresh: () => Promise<Response>) {
  const fetchMock = vi.fn((url: string) => (url.includes('/refresh-token') ? refresh() : Promise.resolve(unauthorized())));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('accessToken', 'expired-access');
  localStorage.setItem('refreshToken', 'refresh-1');
  sessionExpired.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('an expired access token', () => {
  it('with no network for the refresh: a network error, the session stays', async () => {
    const fetchMock = stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('/ms-core/api/users/me')).rejects.toMatchObject({ name: 'NETWORKERROR', status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sessionExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('with the server failing the refresh (5xx): its error, the session stays', async () => {
    stubServer(() => Promise.resolve(new Response('', { status: 503 })));
    await expect(request('/ms-core/api/users/me')).rejects.toMatchObject({ status: 503 });
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('with the refresh token refused (401): the session is over', async () => {
    stubServer(() => Promise.resolve(unauthorized()));
    await expect(request('/ms-core/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });
});
