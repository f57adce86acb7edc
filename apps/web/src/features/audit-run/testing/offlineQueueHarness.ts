import { afterEach, beforeEach, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { TAudit } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import type { TCall as TApiCall } from '@audit/domain/calls/define';
import { urlOf } from '../../../api/send';
import { runWrite } from '../auditRunApi';
import { foldAccepted, keepServerCopiesNow } from '../../../offline/copies';
import { closeOfflineDb } from '../../../offline/db';
import { loadResource } from '../../../offline/loadResource';
import { queueStore } from '../../../offline/queueStore';
import { refreshQueueState } from '../../../offline/queueState';
import type { TMultipartData, TWriteMethod } from '../../../offline/records';
import { replayQueue } from '../../../offline/replay';
import { sendQueued } from '../../../offline/sendQueued';
import { auditResource } from '../offline/auditResource';

/** The queue against IndexedDB (fake-indexeddb), the HTTP client and a fake server (fetch). */
export type TCall = { method: string; url: string; key: string | null; body: unknown };
export const USER = 'user-1';
export const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;
export const network = { onLine: true };

/** `reply` answers a call; `down` makes fetch throw as with no network. */
export function fakeServer(reply: (call: TCall) => { status?: number; body?: unknown } = () => ({ body: {} })) {
  const calls: TCall[] = [];
  const state = { down: false };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const headers = init.headers as Record<string, string>;
    const body = init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : init.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method: init.method ?? 'GET', url, key: headers['Idempotency-Key'] ?? null, body };
    calls.push(call);
    const { status = 200, body: answer = null } = reply(call);
    return new Response(status === 204 ? null : JSON.stringify(answer), { status });
  });
  return { calls, state };
}

/** An answer as the server answers an answer call (its response schema): the body's question, scored. */
export const savedAnswer = (call: TCall, _id = 'answer-1') => {
  const body = (call.body ?? {}) as { section?: string; question?: string; templateAnswer?: unknown };
  return {
    _id,
    section: body.section ?? 's',
    question: body.question ?? 'q1',
    templateAnswer: body.templateAnswer ?? { type: 'select', select: [] },
    score: 0,
    failed: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
};

/** Registers each test's fresh IndexedDB, network and signed-in user, and the cleanup after it. */
export function withOfflineQueue() {
  beforeEach(async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
    vi.stubGlobal('navigator', network);
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token(USER) : null) });
    network.onLine = true;
    await refreshQueueState(false);
  });
  afterEach(async () => {
    // What waits for an idle period is stored now, into this test's database.
    await keepServerCopiesNow();
    await foldAccepted();
    closeOfflineDb();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The audit a1's address (its writes are under it). */
export const BASE = urlOf(auditCalls.get, { id: 'a1' });
type THarnessWrite = {
  call?: TApiCall & { method: TWriteMethod };
  params?: Record<string, string>;
  body?: unknown;
  multipart?: TMultipartData;
  creates?: string;
  key?: string;
};
/** A write of the run view on audit a1 (by default an answer of q1), through the offline layer. */
export const write = ({ call = auditCalls.addAnswer, params = { id: 'a1' }, ...over }: THarnessWrite = {}) =>
  runWrite('a1', call, { params, body: { question: 'q1' }, ...over } as never) as Promise<unknown>;
export const replay = () => replayQueue({ store: queueStore, send: sendQueued }, USER);

export const A1 = auditResource('a1');
/** What a tab opening the audit shows (the server answering with `server`, or not at all). */
export const open = (id: string) => loadResource<TAudit>(auditResource(id));
