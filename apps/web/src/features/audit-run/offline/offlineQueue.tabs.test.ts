import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { auditRunQueryKey, auditRunQueryOptions } from '../auditRunApi';
import { createAnswerActions } from '../answerActions';
import { createIssueActions } from '../issueActions';
import { createNoteActions } from '../noteActions';
import { createRunner } from '../runner';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { foldAccepted, readCopy, saveServerCopy } from '../../../offline/copies';
import { shownFromDevice } from '../../../offline/loadResource';
import { queueStore } from '../../../offline/queueStore';
import { queuedFor } from '../../../offline/queueState';
import { syncNow } from '../../../offline/syncController';
import { auditResource } from './auditResource';
import { fakeServer, network, open, USER, withOfflineQueue } from '../testing/offlineQueueHarness';

/** The queue against IndexedDB (fake-indexeddb), the HTTP client and a fake server (fetch): see offlineQueueHarness. */
withOfflineQueue();

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
    const saved = {
      _id: 'answer-1',
      section: audit.sections[1]!._id,
      question: at(audit, 1, 0)._id,
      templateAnswer: { type: 'select', select: [OPTION.yes] },
      score: 1,
      failed: false,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
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
    expect((await queueStore.list()).map((r) => r.command)).toEqual([
      { call: auditCalls.removeAnswer.name, params: { id: audit._id, answerId: 'answer-7' }, body: null },
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
