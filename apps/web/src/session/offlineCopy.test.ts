// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STALE_TIME_MS } from '@audit/domain/constants';
import { USER_ACTIONS, type TMe } from '@audit/domain/users';
import { ApiError, networkError } from '../api/errors';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { fetchMe, meQueryOptions } from './me';
import { answeredByServer, readCopy, staleUnlessFromServer, withOfflineCopy } from './offlineCopy';
import { sessionOwner } from './sessionOwner';
import { clearSession, COPY_KEYS } from './storage';

/** An unsigned access token with the claims the app reads (sub, space). */
const tokenFor = (sub: string, space: string) => `h.${btoa(JSON.stringify({ sub, space })).replace(/=+$/, '')}.s`;
const signInAs = (sub: string, space = 'space-1') => localStorage.setItem('accessToken', tokenFor(sub, space));

let keyCount = 0;
/** A fresh storage key per test: which copies came from the server is remembered per page. */
const freshKey = () => `test-copy-${++keyCount}`;

beforeEach(() => {
  localStorage.clear();
  signInAs('user-a');
});
afterEach(() => vi.unstubAllGlobals());

describe('sessionOwner', () => {
  it('is the user and the space of the access token', () => {
    expect(sessionOwner()).toBe('user-a/space-1');
    expect(sessionOwner('not-a-token')).toBeNull();
    localStorage.removeItem('accessToken');
    expect(sessionOwner()).toBeNull();
  });
});

describe('withOfflineCopy', () => {
  it('keeps the server answer and gives it back when the network fails', async () => {
    const key = freshKey();
    const online = withOfflineCopy(key, async () => ({ name: 'Ana' }));
    expect(await online()).toEqual({ name: 'Ana' });
    expect(answeredByServer(key)).toBe(true);
    expect(staleUnlessFromServer(key)()).toBe(QUERY_STALE_TIME_MS);

    const offline = withOfflineCopy(key, () => Promise.reject(networkError()));
    expect(await offline()).toEqual({ name: 'Ana' });
    // A stand-in: stale at once, so the next screen (or the network's return) asks the server again.
    expect(answeredByServer(key)).toBe(false);
    expect(staleUnlessFromServer(key)()).toBe(0);
  });

  it('never gives another user, or the same user in another space, the copy', async () => {
    const key = freshKey();
    await withOfflineCopy(key, async () => ({ name: 'Ana' }))();
    const offline = withOfflineCopy(key, () => Promise.reject(networkError()));

    signInAs('user-b');
    await expect(offline()).rejects.toMatchObject({ name: 'NETWORKERROR' });
    signInAs('user-a', 'space-2');
    await expect(offline()).rejects.toMatchObject({ name: 'NETWORKERROR' });
    signInAs('user-a');
    expect(await offline()).toEqual({ name: 'Ana' });
  });

  it('leaves answers of the server (401, 403, 500) as they are', async () => {
    const key = freshKey();
    await withOfflineCopy(key, async () => ({ name: 'Ana' }))();
    for (const status of [401, 403, 500]) {
      const refused = new ApiError(status, 'AUTHERROR', '1', 'refused');
      await expect(withOfflineCopy(key, () => Promise.reject(refused))()).rejects.toBe(refused);
    }
  });

  it('fails as before when nothing was kept', async () => {
    await expect(withOfflineCopy(freshKey(), () => Promise.reject(networkError()))()).rejects.toMatchObject({ status: 0 });
  });
});

describe('users/me offline', () => {
  // The whole profile users/me answers (its call's schema, ZMe): the web parses the answer.
  const me: TMe = {
    _id: 'user-a',
    fullName: 'Ana Auditora',
    firstName: 'Ana',
    lastName: 'Auditora',
    username: 'ana',
    email: 'ana@example.com',
    phone: null,
    avatar: null,
    birthday: null,
    status: 'ACTIVE',
    verified: true,
    isAuditor: true,
    reportType: 'issues',
    language: 'es',
    onboardingCompleted: true,
    accessServices: [],
    clients: [],
    establishments: [],
    areas: [],
    space: 'space-1',
    roles: [],
    registersAccess: [],
    labDataAccess: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    can: Object.fromEntries(USER_ACTIONS.map((a) => [a, false])) as TMe['can'],
    settings: {},
    permissions: [],
    isAdmin: false,
    isOwner: false,
    currentSpace: 'space-1',
    onboardingRequired: false,
  };

  it('answers from the stored profile when the fetch cannot reach the server', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(me), { status: 200 })));
    expect(await fetchMe()).toEqual(me);
    expect(readCopy(COPY_KEYS.profile)).toEqual(me);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await fetchMe()).toEqual(me);
  });

  it('forgets the stored profile and space data with the session (logout, expired session)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(me), { status: 200 })));
    await fetchMe();
    localStorage.setItem(COPY_KEYS.spaceData, JSON.stringify({ owner: 'user-a/space-1', data: { name: 'Demo' } }));
    clearSession();
    expect(localStorage.getItem(COPY_KEYS.profile)).toBeNull();
    expect(localStorage.getItem(COPY_KEYS.spaceData)).toBeNull();

    signInAs('user-a');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchMe()).rejects.toMatchObject({ name: 'NETWORKERROR' });
  });
  it("shows this session's stored profile at once and asks the server at the same time; the answer replaces it (decision 0109)", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(me), { status: 200 })));
    await fetchMe();
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const observer = new QueryObserver(client, meQueryOptions());
    const stop = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult()).toMatchObject({ isPending: false, data: me });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1)); // asked at once, the copy being stale
    answer(new Response(JSON.stringify({ ...me, fullName: 'Ana Renamed' }), { status: 200 }));
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.fullName).toBe('Ana Renamed'));
    expect(readCopy<TMe>(COPY_KEYS.profile)?.fullName).toBe('Ana Renamed');
    stop();

    // Another user's session never starts from it: the profile is awaited.
    signInAs('user-b');
    const other = new QueryClient();
    expect(new QueryObserver(other, meQueryOptions()).getCurrentResult()).toMatchObject({ isPending: true, data: undefined });
  });
});
