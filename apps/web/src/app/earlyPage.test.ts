// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditCalls } from '@audit/domain/calls/audits';
import { authCalls } from '@audit/domain/calls/auth';
import { reportCalls } from '@audit/domain/calls/reports';
import { userCalls } from '@audit/domain/calls/users';
import { configureClient, requestResponse } from '../api/client';
import { storedToken } from '../api/early';
import { urlOf } from '../api/send';
import { getAccessToken, storeSession } from '../session/storage';
import { EARLY_PATHS, startPage } from './earlyPage';

// The code a report's page loads (only fetched ahead here; the router runs it).
vi.mock('./WithFeedback', () => ({}));
vi.mock('./shell/SignedIn', () => ({}));
vi.mock('./features', () => ({ loadOfflineKinds: () => Promise.resolve([]) }));
vi.mock('../features/audit-report/AuditReportPage', () => ({}));
vi.mock('../features/audit-report/PublicAuditReportPage', () => ({}));
vi.mock('../features/audit-run/AuditRunPage', () => ({}));

const sessionExpired = vi.fn();
configureClient({ language: () => 'es', sessionExpired });

const ID = '0b5a4c1e-9f0e-4c55-8d8e-3f1f3f0f9a11';
const answers = new Map<string, () => Response>();
const fetchMock = vi.fn((url: string, _init?: RequestInit) => Promise.resolve((answers.get(url) ?? (() => new Response('{}', { status: 200 })))()));
const urls = () => fetchMock.mock.calls.map(([url]) => url);

beforeEach(() => {
  localStorage.clear();
  answers.clear();
  fetchMock.mockClear();
  sessionExpired.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a report's requests, started by the entry", () => {
  it("asks for the calls' own paths, with the session's own token", () => {
    expect(EARLY_PATHS).toEqual({ me: userCalls.me.path, audit: auditCalls.get.path, report: reportCalls.get.path, publicReport: reportCalls.public.path });
    storeSession({ accessToken: 'a-1', refreshToken: 'r-1', space: { _id: 's', name: 'S' } } as Parameters<typeof storeSession>[0]);
    expect(storedToken()).toBe('a-1');
    expect(storedToken()).toBe(getAccessToken());
  });

  it("signed in: users/me and the report go once, the client's own requests take their answers", async () => {
    localStorage.setItem('accessToken', 'token-1');
    startPage(`/client-audits/audits/report/${ID}`);
    expect(urls()).toEqual([urlOf(userCalls.me), urlOf(reportCalls.get, { id: ID })]);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ headers: { authorization: 'Bearer token-1' } });

    await requestResponse(urlOf(userCalls.me));
    await requestResponse(urlOf(reportCalls.get, { id: ID }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: a later read asks the server.
    await requestResponse(urlOf(reportCalls.get, { id: ID }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('signed out: nothing starts (the router sends the visitor to sign in)', () => {
    startPage(`/auditor/audits/report/${ID}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the public link: the anonymous report, taken by an anonymous read of it, not by a preview', async () => {
    localStorage.setItem('accessToken', 'token-1');
    startPage(`/share-audit-report/${ID}`);
    const early = `${urlOf(reportCalls.public, { id: ID })}?isPreview=false`;
    expect(urls()).toEqual([early]);
    expect(fetchMock.mock.calls[0]![1]).not.toMatchObject({ headers: { authorization: expect.anything() } });

    await requestResponse(urlOf(reportCalls.public, { id: ID }), { query: { isPreview: 'true' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await requestResponse(urlOf(reportCalls.public, { id: ID }), { anonymous: true, query: { isPreview: 'false' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an early answer that failed (401) is not used: the client asks again and refreshes as usual', async () => {
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'refresh-1');
    const refused = () => new Response(JSON.stringify({ name: 'AUTHERROR', reference: '1', message: 'expired' }), { status: 401 });
    answers.set(urlOf(userCalls.me), refused);
    answers.set(urlOf(authCalls.refresh), refused);
    startPage(`/client-audits/audits/report/${ID}`);
    await expect(requestResponse(urlOf(userCalls.me))).rejects.toMatchObject({ status: 401 });
    // The early request, the client's own, its refresh (refused): the session is over.
    expect(urls()).toEqual([urlOf(userCalls.me), urlOf(reportCalls.get, { id: ID }), urlOf(userCalls.me), urlOf(authCalls.refresh)]);
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it("another session's or an old answer is not used", async () => {
    localStorage.setItem('accessToken', 'token-1');
    startPage(`/client-audits/audits/report/${ID}`);
    localStorage.setItem('accessToken', 'token-2');
    await requestResponse(urlOf(userCalls.me));
    expect(fetchMock).toHaveBeenCalledTimes(3);

    vi.useFakeTimers();
    fetchMock.mockClear();
    localStorage.setItem('accessToken', 'token-1');
    startPage(`/client-audits/audits/report/${ID}`);
    vi.advanceTimersByTime(31_000);
    await requestResponse(urlOf(reportCalls.get, { id: ID }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("the run view: users/me and the audit go once, the client's own requests take their answers", async () => {
    localStorage.setItem('accessToken', 'token-1');
    startPage(`/auditor/audits/run/${ID}`);
    expect(urls()).toEqual([urlOf(userCalls.me), urlOf(auditCalls.get, { id: ID })]);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ headers: { authorization: 'Bearer token-1' } });
    await requestResponse(urlOf(userCalls.me));
    await requestResponse(urlOf(auditCalls.get, { id: ID }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('the run view signed out: nothing starts', () => {
    startPage(`/auditor/audits/run/${ID}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('any other page starts nothing', () => {
    localStorage.setItem('accessToken', 'token-1');
    for (const path of ['/client-audits/audits', `/auditor/audits/run/${ID}/x`, '/auditor/audits/edit/x', '/login', `/client-audits/audits/report/${ID}/x`])
      startPage(path);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
