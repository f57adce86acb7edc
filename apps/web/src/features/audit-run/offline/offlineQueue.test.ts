import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditRunQueryKey, auditRunQueryOptions, runWrite } from '../auditRunApi';
import { createAnswerActions } from '../answerActions';
import { createIssueActions } from '../issueActions';
import { createNoteActions } from '../noteActions';
import { createRunner } from '../runner';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { foldAccepted, readCopy, saveServerCopy } from '../../../offline/copies';
import { closeOfflineDb } from '../../../offline/db';
import { loadResource, shownFromDevice } from '../../../offline/loadResource';
import { queueStore } from '../../../offline/queueStore';
import { queuedByOthers, queuedFor, queuedTotal, queueStateReady, refreshQueueState } from '../../../offline/queueState';
import { replayQueue } from '../../../offline/replay';
import { sendQueued } from '../../../offline/sendQueued';
import { syncNow } from '../../../offline/syncController';
import { isQueuedWrite } from '../../../offline/write';
import { auditResource } from './auditResource';

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
afterEach(async () => {
  await foldAccepted();
  closeOfflineDb();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BASE = '/ms-core/api/audits/a1';
const write = (over: Partial<Parameters<typeof runWrite>[0]> = {}) =>
  runWrite({ auditId: 'a1', method: 'POST', url: `${BASE}/answer/add`, body: { question: 'q1' }, ...over });
const replay = () => replayQueue({ store: queueStore, send: sendQueued }, USER);

const A1 = auditResource('a1');
/** What a tab opening the audit shows (the server answering with `server`, or not at all). */
const open = (id: string) => loadResource<TAudit>(auditResource(id));

describe('the RunAudit database', () => {
  it('is version 3 with the store queries (and ours: copies, failures, ids), records in the order written', async () => {
    fakeServer();
    network.onLine = false;
    for (const n of [1, 2, 3]) await write({ body: { n } }).catch(() => undefined);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('RunAudit');
      open.onsuccess = () => resolve(open.result);
    });
    expect(db.version).toBe(3);
    expect([...db.objectStoreNames].sort()).toEqual(['copies', 'failures', 'ids', 'queries']);
    db.close();
    expect((await queueStore.list()).map((r) => (r.request.data as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it('forgets pending-id mappings after a week and local copies not opened for a month', async () => {
    const day = (n: number) => Date.parse('2025-03-01T00:00:00Z') + n * 86_400_000;
    const map = (pendingId: string, at: number) => ({ pendingId, serverId: `s-${pendingId}`, resource: A1, createdAt: new Date(at).toISOString() });
    await queueStore.complete(1, map('pending-old', day(-8)));
    await queueStore.complete(2, map('pending-new', day(-6)));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day(-31));
    await saveServerCopy(auditResource('old-audit'), USER, { ...makeAudit(3), _id: 'old-audit' }, 0);
    vi.setSystemTime(day(-29));
    await saveServerCopy(auditResource('recent-audit'), USER, { ...makeAudit(3), _id: 'recent-audit' }, 0);
    vi.useRealTimers();
    await queueStore.pruneOld(day(0));
    expect([...(await queueStore.idMap()).keys()]).toEqual(['pending-new']);
    expect(await readCopy(auditResource('old-audit'), USER)).toBeNull();
    expect(await readCopy(auditResource('recent-audit'), USER)).not.toBeNull();
  });

  it("keeps the server's copy of an audit this user runs, for this user only", async () => {
    const audit = makeAudit(3);
    fakeServer((call) => (call.url.endsWith(audit._id) ? { body: audit } : {}));
    const FIXTURE_AUDITOR = audit.auditor!._id;
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token(FIXTURE_AUDITOR) : null) });
    await open(audit._id);
    await expect.poll(() => readCopy(auditResource(audit._id), FIXTURE_AUDITOR)).not.toBeNull();
    expect((await readCopy<TAudit>(auditResource(audit._id), FIXTURE_AUDITOR))?.data._id).toBe(audit._id);
    expect(await readCopy(auditResource(audit._id), 'someone-else')).toBeNull();
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
      id: 1,
      resource: A1,
      auditId: 'a1',
      user: USER,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      creates: null,
      request: { method: 'POST', url: `${BASE}/answer/add`, data: { question: 'q1' }, blob: false },
    });
    expect(record!.request.headers['Idempotency-Key']).toBe(record!.idempotencyKey);
    expect(queuedFor(A1).count).toBe(1);
  });

  it("counts the signed-in user's records: after another user signs in on the tab, the same records are someone else's", async () => {
    fakeServer();
    network.onLine = false;
    await write().catch(() => undefined);
    await queueStateReady();
    expect([queuedTotal(), queuedByOthers()]).toEqual([1, 0]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token('user-2') : null) });
    await queueStateReady();
    expect([queuedTotal(), queuedByOthers()]).toEqual([0, 1]);
    // They stay on the device while the other user is signed in (the sign-out warning says so)…
    expect(await queueStore.list()).toHaveLength(1);
    // …until that user's replay, which discards them unsent.
    const { calls } = fakeServer();
    expect(await replayQueue({ store: queueStore, send: sendQueued }, 'user-2')).toMatchObject({ sent: 0, discarded: 1 });
    expect(calls).toEqual([]);
    expect(await queueStore.list()).toEqual([]);
  });

  it('a page closed right after a change reopens with it: the copy plus the queued record, nothing saved by the tab', async () => {
    const audit = { ...makeAudit(3), _id: 'a1' };
    const q = audit.sections[1]!.questions[0]!;
    await saveServerCopy(A1, USER, audit, 0);
    fakeServer();
    network.onLine = false;
    const body = { section: q.section, question: q._id, templateAnswer: { type: 'select' as const, select: [OPTION.no] } };
    expect(isQueuedWrite(await write({ body, creates: 'pending-0a0a0a0a-0000-4000-8000-00000000000a' }).catch((e: unknown) => e))).toBe(true);
    const shown = await open('a1');
    expect(shown.sections[1]!.questions[0]!.answer).toMatchObject({
      _id: 'pending-0a0a0a0a-0000-4000-8000-00000000000a',
      templateAnswer: body.templateAnswer,
      failed: true,
    });
    expect(shownFromDevice(A1)).toBe(true);
    // The copy itself is still the server's: the change is in the queue only.
    expect((await readCopy<TAudit>(A1, USER))!.data.sections[1]!.questions[0]!.answer).toBeNull();
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
    await runWrite({
      auditId: 'a1',
      method: 'POST',
      url: `${BASE}/sections/s/questions/q/evidences`,
      multipart: { fields: { issue: 'incidence-1' }, file },
      creates: 'pending-0a0a0a0a-0000-4000-8000-000000000001',
    }).catch(() => undefined);
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
    const { calls } = fakeServer((call) =>
      call.url.endsWith('/answer/add') ? { body: { _id: 'answer-1', templateAnswer: {}, score: 1, failed: false } } : { status: 204 },
    );
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
    expect(result).toMatchObject({ sent: 4, failures: [], retryAt: null, touched: [auditResource(audit._id)] });
  });

  it('an issue removed and raised again offline is named by its incidence afterwards, not by its old id', async () => {
    const { calls } = fakeServer(() => ({ body: [] }));
    const { client, audit, question, issues } = await setup();
    const inc = question().incidences[0]!;
    const raised = {
      _id: 'issue-old',
      section: question().section,
      question: question()._id,
      templateIssue: inc._id,
      name: inc.name,
      description: null,
      riskLevel: inc.riskLevel,
      deductionPercentage: 5,
      selected: true,
      solvedInPlace: false,
      tasks: [],
      evidences: [],
    };
    client.setQueryData<TAudit>(auditRunQueryKey(audit._id), (a) => ({
      ...a!,
      sections: a!.sections.map((s, i) => (i === 1 ? { ...s, questions: s.questions.map((x, j) => (j === 0 ? { ...x, issues: [raised] } : x)) } : s)),
    }));
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
    const raised = {
      _id: 'issue-1',
      section: question().section,
      question: question()._id,
      templateIssue: inc._id,
      name: inc.name,
      description: null,
      riskLevel: inc.riskLevel,
      deductionPercentage: 5,
      selected: true,
      solvedInPlace: false,
      tasks: [],
      evidences: [],
    };
    client.setQueryData<TAudit>(auditRunQueryKey(audit._id), (a) => ({
      ...a!,
      sections: a!.sections.map((s, i) => (i === 1 ? { ...s, questions: s.questions.map((x, j) => (j === 0 ? { ...x, issues: [raised] } : x)) } : s)),
    }));
    return { incidence: inc._id, issue: raised._id };
  }

  it('online, a photo removed while it uploads is removed by the id the server gave it, and does not come back', async () => {
    let release = () => {};
    const uploaded = new Promise<void>((resolve) => (release = resolve));
    const { calls } = fakeServer((call) =>
      call.method === 'POST' ? { body: { _id: 'evidence-1', type: 'photo', url: '/files/e1.jpg', observation: null } } : { status: 204 },
    );
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

  it("offline, a note picture added and removed goes out as its upload then its removal by the server's id", async () => {
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

  it("opens from the device's copy while changes wait or the server cannot be reached, pictures shown again", async () => {
    const audit = makeAudit(3);
    const image = { _id: 'pending-0a0a0a0a-0000-4000-8000-000000000002', url: 'blob:dead' };
    const q = audit.sections[1]!.questions[0]!;
    await saveServerCopy(auditResource(audit._id), USER, audit, 0);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:fresh');
    let answer: { status?: number; body?: unknown } = { body: { ...audit, status: 'finished' } };
    const { state } = fakeServer((call) => (call.method === 'GET' ? answer : {}));

    // No change waiting: the server's audit; the copy only when it cannot be reached.
    expect(await open(audit._id)).toMatchObject({ status: 'finished' });
    expect(shownFromDevice(auditResource(audit._id))).toBe(false);
    state.down = true;
    expect((await open(audit._id))._id).toBe(audit._id);
    expect(shownFromDevice(auditResource(audit._id))).toBe(true);
    state.down = false;
    answer = { status: 404, body: { name: 'NOTFOUND', reference: '415', message: 'not found' } };
    await expect(open(audit._id)).rejects.toMatchObject({ status: 404 });

    // A picture queued offline: the copy with the queued changes is the truth (the server lacks them), its picture from the queued file.
    answer = { body: { ...audit, status: 'finished' } };
    network.onLine = false;
    await runWrite({
      auditId: audit._id,
      method: 'POST',
      url: `/ms-core/api/audits/${audit._id}/sections/${q.section}/questions/${q._id}/note-images`,
      multipart: { fields: {}, file: new Blob(['x']) },
      creates: image._id,
    }).catch(() => undefined);
    const loaded = await open(audit._id);
    expect(loaded.status).toBe('running');
    expect(loaded.sections[1]!.questions[0]!.noteImages).toEqual([{ ...image, url: 'blob:fresh' }]);
  });
});

describe("what a tab shows of an audit: the server's copy plus every queued change", () => {
  /** A tab running the audit: its own query cache and actions (tabs share only IndexedDB). */
  async function tab(audit: TAudit) {
    const client = new QueryClient();
    await client.prefetchQuery({ ...auditRunQueryOptions(audit._id), queryFn: () => audit, gcTime: Infinity });
    const runner = createRunner(client, audit._id);
    const question = (s: number, q: number) => client.getQueryData<TAudit>(auditRunQueryKey(audit._id))!.sections[s]!.questions[q]!;
    return { client, question, answers: createAnswerActions(runner), notes: createNoteActions(runner), issues: createIssueActions(runner) };
  }
  const at = (audit: TAudit, s: number, q: number) => audit.sections[s]!.questions[q]!;

  it('two tabs changing the audit offline: a tab opened afterwards shows the changes of both, as many as are pending', async () => {
    const audit = makeAudit(30);
    await saveServerCopy(auditResource(audit._id), USER, audit, 0);
    const { state } = fakeServer();
    state.down = true;
    network.onLine = false;
    const [a, b] = [await tab(audit), await tab(audit)];
    await a.answers.saveAnswer(at(audit, 1, 0)._id, { type: 'select', select: [OPTION.yes] });
    await b.answers.saveAnswer(at(audit, 1, 1)._id, { type: 'select', select: [OPTION.no] });
    await b.notes.saveNote(at(audit, 1, 2)._id, 'Written in the second tab');
    await a.issues.toggleIssue(at(audit, 1, 3)._id, at(audit, 1, 3).incidences[0]!, true);
    // Each tab shows only its own changes…
    expect(b.question(1, 0).answer).toBeNull();
    expect(a.question(1, 1).answer).toBeNull();

    // …and a tab opened (or reloaded) offline shows them all, agreeing with the count.
    const shown = await open(audit._id);
    expect(queuedFor(auditResource(audit._id)).count).toBe(4);
    expect(at(shown, 1, 0).answer?.templateAnswer).toEqual({ type: 'select', select: [OPTION.yes] });
    expect(at(shown, 1, 1).answer).toMatchObject({ templateAnswer: { type: 'select', select: [OPTION.no] }, failed: true });
    expect(at(shown, 1, 2).note).toBe('Written in the second tab');
    expect(at(shown, 1, 3).issues).toEqual([expect.objectContaining({ templateIssue: at(audit, 1, 3).incidences[0]!._id, selected: true })]);
    expect(shownFromDevice(auditResource(audit._id))).toBe(true);
  });

  it('what the server accepted from any tab is in the copy: opened offline with more changes queued, both show', async () => {
    const audit = makeAudit(30);
    await saveServerCopy(auditResource(audit._id), USER, audit, 0);
    const saved = { _id: 'answer-1', templateAnswer: { type: 'select', select: [OPTION.yes] }, score: 1, failed: false, updatedAt: '2026-01-01T00:00:00.000Z' };
    const { state } = fakeServer((call) => (call.url.endsWith('/answer/add') ? { body: saved } : {}));
    const a = await tab(audit);
    await a.answers.saveAnswer(at(audit, 1, 0)._id, { type: 'select', select: [OPTION.yes] });
    await foldAccepted();
    expect(at((await readCopy<TAudit>(auditResource(audit._id), USER))!.data, 1, 0).answer).toEqual(saved);

    state.down = true;
    network.onLine = false;
    const b = await tab(audit);
    await b.notes.saveNote(at(audit, 1, 5)._id, 'Offline');
    const shown = await open(audit._id);
    expect(at(shown, 1, 0).answer).toEqual(saved);
    expect(at(shown, 1, 5).note).toBe('Offline');
  });

  it("a refused change names its question and section, even an answer's removal (which names the answer only)", async () => {
    const audit = makeAudit(30);
    const q = at(audit, 1, 4);
    q.answer = { _id: 'answer-7', templateAnswer: { type: 'select', select: [OPTION.yes] }, score: 1, failed: false, updatedAt: '2026-01-01T00:00:00.000Z' };
    await saveServerCopy(auditResource(audit._id), USER, audit, 0);
    fakeServer((call) => (call.method === 'DELETE' ? { status: 409, body: { name: 'BADREQUESTERROR', reference: 'AUD0002', message: 'not running' } } : {}));
    network.onLine = false;
    const a = await tab(audit);
    await a.answers.saveAnswer(q._id, null);
    expect((await queueStore.list()).map((r) => `${r.request.method} ${r.request.url}`)).toEqual([
      `DELETE /ms-core/api/audits/${audit._id}/answer/answer-7/remove`,
    ]);
    network.onLine = true;
    await syncNow(true);
    const [failure] = await queueStore.failures();
    expect(failure).toMatchObject({
      resource: auditResource(audit._id),
      auditId: audit._id,
      subject: { kind: 'answer', label: q.name, within: audit.sections[1]!.title, target: q._id, targetGroup: audit.sections[1]!._id },
      error: { status: 409, reference: 'AUD0002' },
    });
  });

  it("changes waiting with no copy on the device (an audit never kept here): the server's answer with them", async () => {
    const audit = makeAudit(30);
    fakeServer((call) => (call.method === 'GET' ? { body: audit } : {}));
    network.onLine = false;
    const a = await tab(audit);
    await a.notes.saveNote(at(audit, 1, 0)._id, 'Waiting');
    network.onLine = true;
    expect(await readCopy(auditResource(audit._id), USER)).toBeNull();
    expect(at(await open(audit._id), 1, 0).note).toBe('Waiting');
  });
});
