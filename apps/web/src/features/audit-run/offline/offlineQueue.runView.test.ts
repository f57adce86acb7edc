import { describe, expect, it, vi } from 'vitest';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { auditRunQueryKey, auditRunQueryOptions, finishAudit, runWrite } from '../auditRunApi';
import { CHANGES_WAITING } from '../../../api/errors';
import { createAnswerActions } from '../answerActions';
import { createIssueActions } from '../issueActions';
import { createNoteActions } from '../noteActions';
import { createRunner } from '../runner';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { saveServerCopy } from '../../../offline/copies';
import { shownFromDevice } from '../../../offline/loadResource';
import { refreshQueueState } from '../../../offline/queueState';
import { auditResource } from './auditResource';
import { fakeServer, network, open, replay, USER, withOfflineQueue } from '../testing/offlineQueueHarness';

/** The queue against IndexedDB (fake-indexeddb), the HTTP client and a fake server (fetch): see offlineQueueHarness. */
withOfflineQueue();

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

  it('finishing right after a tap whose request met no network: refused on the device (sync first), the finish never sent', async () => {
    const { calls, state } = fakeServer((call) =>
      call.url.endsWith('/answer/add') ? { body: { _id: 'answer-1', templateAnswer: {}, score: 1, failed: false } } : { body: {} },
    );
    const { audit, question, answers } = await setup();
    state.down = true;
    // The finish is asked while the tap's write is still on its way (its request leaves after the frame).
    const tapped = answers.saveAnswer(question()._id, { type: 'select', select: [OPTION.yes] });
    const finishing = finishAudit(audit._id);
    await tapped;
    await expect(finishing).rejects.toMatchObject({ name: CHANGES_WAITING });
    expect(calls).toEqual([]);

    // Once the change has reached the server, the finish is sent.
    state.down = false;
    await replay();
    await refreshQueueState(false); // as the sync does after a replay
    // The fake's answer to the finish is not an audit: only what was sent matters here.
    await finishAudit(audit._id).catch(() => undefined);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST /ms-core/api/audits/${audit._id}/answer/add`,
      `PATCH /ms-core/api/audits/${audit._id}/finished`,
    ]);
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
    await runWrite(audit._id, auditCalls.addNoteImage, {
      params: { id: audit._id, sectionId: q.section, questionId: q._id },
      multipart: { fields: {}, file: new Blob(['x']) },
      creates: image._id,
    }).catch(() => undefined);
    const loaded = await open(audit._id);
    expect(loaded.status).toBe('running');
    expect(loaded.sections[1]!.questions[0]!.noteImages).toEqual([{ ...image, url: 'blob:fresh' }]);
  });
});
