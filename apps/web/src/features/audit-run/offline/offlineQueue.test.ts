import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditRunQueryKey, auditRunQueryOptions } from '../auditRunApi';
import { createAnswerActions } from '../answerActions';
import { createIssueActions } from '../issueActions';
import { createNoteActions } from '../noteActions';
import { createRunner } from '../runner';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { localCopy, readLocalAudit, registerShownAudit, saveLocalAudit } from './auditStore';
import { ApiError, networkError } from '../../../api/errors';
import { loadRunAudit, shownFromLocalCopy } from './loadRunAudit';
import { queueStore } from './queueStore';
import { queuedByOthers, queuedFor, queuedTotal, queueStateReady, refreshQueueState } from './queueState';
import { replayQueue } from './replay';
import { closeRunAuditDb } from './runAuditDb';
import { isQueuedWrite, runWrite } from './runWrite';
import { sendQueued } from './sendQueued';

/** The queue against IndexedDB (fake-indexeddb), the HTTP client and a fake server (fetch). */
type TCall = { method: string; url: string; key: string | null; body: unknown };
const USER = 'user-1';
const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;
const network = { onLine: true };

/** `reply` answers a call; `down` makes fetch throw as with no network. */
function fakeServer(reply: (call: TCall) => { status?: number; body?: unknown } = () => ({ body: {} })) {
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

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('navigator', network);
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token(USER) : null) });
  network.onLine = true;
  await refreshQueueState(false);
});
afterEach(() => {
  closeRunAuditDb();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BASE = '/ms-core/api/audits/a1';
const write = (over: Partial<Parameters<typeof runWrite>[0]> = {}) => runWrite({ auditId: 'a1', method: 'POST', url: `${BASE}/answer/add`, body: { question: 'q1' }, ...over });
const replay = () => replayQueue({ store: queueStore, send: sendQueued }, USER);

describe('the RunAudit database', () => {
  it('is version 2 with the stores queries and audits (and ours), records in the order written', async () => {
    fakeServer();
    network.onLine = false;
    for (const n of [1, 2, 3]) await write({ body: { n } }).catch(() => undefined);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('RunAudit');
      open.onsuccess = () => resolve(open.result);
    });
    expect(db.version).toBe(2);
    expect([...db.objectStoreNames].sort()).toEqual(['audits', 'failures', 'ids', 'queries']);
    db.close();
    expect((await queueStore.list()).map((r) => (r.request.data as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it('forgets pending-id mappings after a week and local copies not opened for a month', async () => {
    const day = (n: number) => Date.parse('2025-03-01T00:00:00Z') + n * 86_400_000;
    const map = (pendingId: string, at: number) => ({ pendingId, serverId: `s-${pendingId}`, auditId: 'a1', createdAt: new Date(at).toISOString() });
    await queueStore.complete(1, map('pending-old', day(-8)));
    await queueStore.complete(2, map('pending-new', day(-6)));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day(-31));
    await saveLocalAudit(USER, { ...makeAudit(3), _id: 'old-audit' });
    vi.setSystemTime(day(-29));
    await saveLocalAudit(USER, { ...makeAudit(3), _id: 'recent-audit' });
    vi.useRealTimers();
    await queueStore.pruneOld(day(0));
    expect([...(await queueStore.idMap()).keys()]).toEqual(['pending-new']);
    expect(await readLocalAudit('old-audit', USER)).toBeNull();
    expect(await readLocalAudit('recent-audit', USER)).not.toBeNull();
  });

  it('keeps the audit as last shown, for its user only', async () => {
    const audit = makeAudit(3);
    await saveLocalAudit(USER, audit);
    expect((await readLocalAudit(audit._id, USER))?._id).toBe(audit._id);
    expect(await readLocalAudit(audit._id, 'someone-else')).toBeNull();
  });
});

describe('writing through the queue', () => {
  it('offline, queues at once (no call) with the audit, the user and an idempotency key', async () => {
    const { calls } = fakeServer();
    network.onLine = false;
    const error = await write().catch((e: unknown) => e);
    expect(isQueuedWrite(error)).toBe(true);
    expect(calls).toHaveLength(0);
    const [record] = await queueStore.list();
    expect(record).toMatchObject({
      id: 1, auditId: 'a1', user: USER, attempts: 0, nextAttemptAt: 0, lastError: null, creates: null,
      request: { method: 'POST', url: `${BASE}/answer/add`, data: { question: 'q1' }, blob: false },
    });
    expect(record!.request.headers['Idempotency-Key']).toBe(record!.idempotencyKey);
    expect(queuedFor('a1').count).toBe(1);
  });

  it('counts the signed-in user\'s records: after another user signs in on the tab, the same records are someone else\'s', async () => {
    fakeServer();
    network.onLine = false;
    await write().catch(() => undefined);
    await queueStateReady();
    expect([queuedTotal(), queuedByOthers()]).toEqual([1, 0]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token('user-2') : null) });
    await queueStateReady();
    expect([queuedTotal(), queuedByOthers()]).toEqual([0, 1]);
  });

  it('stores the audit as the page shows it with the queued record, so a page closed at once reopens with the change', async () => {
    fakeServer();
    network.onLine = false;
    const shown = { ...makeAudit(3), _id: 'a1' };
    const unregister = registerShownAudit('a1', () => localCopy(USER, shown));
    await saveLocalAudit(USER, { ...shown, status: 'draft' });
    expect(isQueuedWrite(await write().catch((e: unknown) => e))).toBe(true);
    expect(await readLocalAudit('a1', USER)).toEqual(shown);
    // Another user's copy is never stored with this user's record.
    unregister();
    const other = registerShownAudit('a1', () => localCopy('someone-else', { ...shown, status: 'finished' }));
    expect(isQueuedWrite(await write().catch((e: unknown) => e))).toBe(true);
    other();
    expect(await readLocalAudit('a1', USER)).toEqual(shown);
    expect(await queueStore.list()).toHaveLength(2);
  });

  it('online, sends with an idempotency key; a network failure queues the write with the key already sent', async () => {
    const { calls, state } = fakeServer(() => ({ body: { _id: 'x' } }));
    await write();
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    state.down = true;
    await expect(write()).rejects.toBeInstanceOf(Error);
    state.down = false;
    const [record] = await queueStore.list();
    expect(record).toBeDefined();
    // The lost attempt may have reached the server: the replay must carry the same key.
    await replay();
    expect(calls.at(-1)!.key).toBe(record!.idempotencyKey);
    expect(await queueStore.list()).toEqual([]);
  });

  it('a refusal (4xx) is thrown, not queued', async () => {
    fakeServer(() => ({ status: 409, body: { name: 'BADREQUESTERROR', reference: 'AUD0002', message: 'not running' } }));
    await expect(write()).rejects.toMatchObject({ status: 409, reference: 'AUD0002' });
    expect(await queueStore.list()).toEqual([]);
  });

  it('while the audit has writes waiting, a later one waits behind them even online', async () => {
    const { calls } = fakeServer();
    network.onLine = false;
    await write().catch(() => undefined);
    network.onLine = true;
    await expect(write({ method: 'PATCH', url: `${BASE}/sections/s/questions/q/note`, body: { note: 'n' } })).rejects.toSatisfy(isQueuedWrite);
    expect(calls).toHaveLength(0);
    await replay();
    expect(calls.map((c) => c.url)).toEqual([`${BASE}/answer/add`, `${BASE}/sections/s/questions/q/note`]);
  });

  it('a picture taken offline is stored as a Blob and sent as multipart on replay', async () => {
    const { calls } = fakeServer(() => ({ body: { _id: 'evidence-1', url: '/files/1' } }));
    network.onLine = false;
    const file = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await runWrite({ auditId: 'a1', method: 'POST', url: `${BASE}/sections/s/questions/q/evidences`, multipart: { fields: { issue: 'incidence-1' }, file }, creates: 'pending-0a0a0a0a-0000-4000-8000-000000000001' }).catch(() => undefined);
    const [record] = await queueStore.list();
    expect(record!.request.blob).toBe(true);
    expect(await (record!.request.data as { file: Blob }).file.text()).toBe('jpeg bytes');
    network.onLine = true;
    await replay();
    expect(calls[0]!.body).toMatchObject({ issue: 'incidence-1' });
    expect(await (calls[0]!.body as { file: Blob }).file.text()).toBe('jpeg bytes');
    expect(await queueStore.idMap()).toEqual(new Map([['pending-0a0a0a0a-0000-4000-8000-000000000001', 'evidence-1']]));
  });
});

describe('the run view offline', () => {
  async function setup() {
    const errors: unknown[] = [];
    const client = new QueryClient({ mutationCache: new MutationCache({ onError: (e) => void errors.push(e) }) });
    const audit = makeAudit(30);
    await client.prefetchQuery({ ...auditRunQueryOptions(audit._id), queryFn: () => audit, gcTime: Infinity });
    const runner = createRunner(client, audit._id);
    const question = () => client.getQueryData<TAudit>(auditRunQueryKey(audit._id))!.sections[1]!.questions[0]!;
    return { client, audit, errors, question, answers: createAnswerActions(runner), notes: createNoteActions(runner), issues: createIssueActions(runner) };
  }

  it('keeps the optimistic changes (no rollback, no error); the replay creates the answer once and removes it by its new id', async () => {
    const { calls } = fakeServer((call) => (call.url.endsWith('/answer/add') ? { body: { _id: 'answer-1', templateAnswer: {}, score: 1, failed: false } } : { status: 204 }));
    const { audit, errors, question, answers, notes } = await setup();
    network.onLine = false;
    const q = question();
    await answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] });
    const pending = question().answer!._id;
    expect(pending).toMatch(/^pending-[0-9a-f-]{36}$/);
    await answers.saveAnswer(q._id, { type: 'select', select: [OPTION.no] });
    await notes.saveNote(q._id, 'Offline note');
    expect(question().answer?.templateAnswer).toEqual({ type: 'select', select: [OPTION.no] });
    expect(question().note).toBe('Offline note');
    await answers.saveAnswer(q._id, null);
    expect(question().answer).toBeNull();
    expect(errors).toEqual([]);
    expect(calls).toEqual([]);

    network.onLine = true;
    const result = await replay();
    const base = `/ms-core/api/audits/${audit._id}`;
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${base}/answer/add`,
      `PATCH ${base}/answer/answer-1/update`,
      `PATCH ${base}/sections/${q.section}/questions/${q._id}/note`,
      `DELETE ${base}/answer/answer-1/remove`,
    ]);
    expect(new Set(calls.map((c) => c.key)).size).toBe(4);
    expect(result).toMatchObject({ sent: 4, failures: [], retryAt: null, touched: [audit._id] });
  });

  it('an issue removed and raised again offline is named by its incidence afterwards, not by its old id', async () => {
    const { calls } = fakeServer(() => ({ body: [] }));
    const { client, audit, question, issues } = await setup();
    const inc = question().incidences[0]!;
    const raised = { _id: 'issue-old', section: question().section, question: question()._id, templateIssue: inc._id, name: inc.name, description: null, riskLevel: inc.riskLevel, deductionPercentage: 5, selected: true, solvedInPlace: false, tasks: [], evidences: [] };
    client.setQueryData<TAudit>(auditRunQueryKey(audit._id), (a) => ({ ...a!, sections: a!.sections.map((s, i) => (i === 1 ? { ...s, questions: s.questions.map((x, j) => (j === 0 ? { ...x, issues: [raised] } : x)) } : s)) }));
    const q = question();
    network.onLine = false;
    await issues.toggleIssue(q._id, inc, false);
    await issues.toggleIssue(q._id, inc, true);
    await issues.setSolved(q._id, { incidence: inc._id, issue: question().issues[0]!._id }, true);
    expect(question().issues[0]).toMatchObject({ templateIssue: inc._id, solvedInPlace: true });
    network.onLine = true;
    await replay();
    expect(calls.map((c) => c.body)).toEqual([
      { issuesToAdd: [], issuesToRemove: [inc._id], tasksToAdd: [], tasksToRemove: [] },
      { issuesToAdd: [inc._id], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] },
      { issue: inc._id, solvedInPlace: true },
    ]);
  });

  /** The question with an issue raised from its first incidence (as the server returned it). */
  function raiseIssue(client: QueryClient, audit: TAudit, question: () => TAudit['sections'][number]['questions'][number]) {
    const inc = question().incidences[0]!;
    const raised = { _id: 'issue-1', section: question().section, question: question()._id, templateIssue: inc._id, name: inc.name, description: null, riskLevel: inc.riskLevel, deductionPercentage: 5, selected: true, solvedInPlace: false, tasks: [], evidences: [] };
    client.setQueryData<TAudit>(auditRunQueryKey(audit._id), (a) => ({ ...a!, sections: a!.sections.map((s, i) => (i === 1 ? { ...s, questions: s.questions.map((x, j) => (j === 0 ? { ...x, issues: [raised] } : x)) } : s)) }));
    return { incidence: inc._id, issue: raised._id };
  }

  it('online, a photo removed while it uploads is removed by the id the server gave it, and does not come back', async () => {
    let release = () => {};
    const uploaded = new Promise<void>((resolve) => (release = resolve));
    const { calls } = fakeServer((call) => (call.method === 'POST' ? { body: { _id: 'evidence-1', type: 'photo', url: '/files/e1.jpg', observation: null } } : { status: 204 }));
    const fetchNow = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => (init.method === 'POST' ? uploaded.then(() => fetchNow(url, init)) : fetchNow(url, init)));
    const { client, audit, errors, question, issues } = await setup();
    const ref = raiseIssue(client, audit, question);
    const adding = issues.addEvidence(question()._id, ref, new Blob(['jpeg']));
    const draft = question().issues[0]!.evidences[0]!._id;
    expect(draft).toMatch(/^pending-/);
    const removing = issues.removeEvidence(question()._id, ref, draft);
    expect(question().issues[0]!.evidences).toEqual([]);
    release();
    await Promise.all([adding, removing]);
    const base = `/ms-core/api/audits/${audit._id}/sections/${question().section}/questions/${question()._id}`;
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${base}/evidences`, `DELETE ${base}/evidences/evidence-1`]);
    expect(question().issues[0]!.evidences).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('offline, a note picture added and removed goes out as its upload then its removal by the server\'s id', async () => {
    const { calls } = fakeServer((call) => (call.method === 'POST' ? { body: { _id: 'image-1', url: '/files/i1.jpg' } } : { status: 204 }));
    const { audit, errors, question, notes } = await setup();
    network.onLine = false;
    await notes.addImage(question()._id, new Blob(['jpeg']));
    const draft = question().noteImages[0]!._id;
    await notes.removeImage(question()._id, draft);
    expect(question().noteImages).toEqual([]);
    expect(calls).toEqual([]);
    network.onLine = true;
    expect(await replay()).toMatchObject({ sent: 2, failures: [] });
    const base = `/ms-core/api/audits/${audit._id}/sections/${question().section}/questions/${question()._id}`;
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${base}/note-images`, `DELETE ${base}/note-images/image-1`]);
    expect(errors).toEqual([]);
  });

  it('opens from the local copy while changes wait or the server cannot be reached, pictures shown again', async () => {
    fakeServer();
    const audit = makeAudit(3);
    const image = { _id: 'pending-0a0a0a0a-0000-4000-8000-000000000002', url: 'blob:dead' };
    audit.sections[1]!.questions[0]!.noteImages = [image];
    await saveLocalAudit(USER, audit);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:fresh');
    const unreachable = () => Promise.reject(networkError());
    const refused = () => Promise.reject(new ApiError(404, 'NOTFOUND', '415', 'not found'));

    // No change waiting: the server's audit; the local copy only when it cannot be reached.
    expect(await loadRunAudit(audit._id, async () => ({ ...audit, status: 'finished' }))).toMatchObject({ status: 'finished' });
    expect(shownFromLocalCopy(audit._id)).toBe(false);
    expect((await loadRunAudit(audit._id, unreachable))._id).toBe(audit._id);
    expect(shownFromLocalCopy(audit._id)).toBe(true);
    await expect(loadRunAudit(audit._id, refused)).rejects.toMatchObject({ status: 404 });

    // A picture queued offline: the copy is the truth (the server lacks it), its picture from the queued file.
    network.onLine = false;
    await runWrite({ auditId: audit._id, method: 'POST', url: `/ms-core/api/audits/${audit._id}/sections/s/questions/q/note-images`, multipart: { fields: {}, file: new Blob(['x']) }, creates: image._id }).catch(() => undefined);
    const loaded = await loadRunAudit(audit._id, async () => ({ ...audit, status: 'finished' }));
    expect(loaded.status).toBe('running');
    expect(loaded.sections[1]!.questions[0]!.noteImages).toEqual([{ ...image, url: 'blob:fresh' }]);
  });
});
