import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { TAudit, TAuditIssue } from '@audit/domain/audits';
import { auditRunQueryKey, auditRunQueryOptions, finishAudit } from './auditRunApi';
import { createAnswerActions } from './answerActions';
import { insertSection } from './auditCache';
import { createIssueActions } from './issueActions';
import { createRunner } from './runner';
import { makeAudit, OPTION } from './testing/auditFixture';

type TCall = { method: string; url: string; body: unknown };
/** A fake server: records calls and answers with `reply` (a function of the call) after a tick. */
function fakeServer(reply: (call: TCall) => { status?: number; body?: unknown }) {
  const calls: TCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    await new Promise((r) => setTimeout(r, 5));
    const { status = 200, body = null } = reply(call);
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  });
  return calls;
}

async function setup() {
  const errors: unknown[] = [];
  const client = new QueryClient({ mutationCache: new MutationCache({ onError: (e) => void errors.push(e) }) });
  const audit = makeAudit(60);
  await client.prefetchQuery({ ...auditRunQueryOptions(audit._id), queryFn: () => audit, gcTime: Infinity });
  const runner = createRunner(client, audit._id);
  const read = () => client.getQueryData<TAudit>(auditRunQueryKey(audit._id))!;
  const q = audit.sections[1]!.questions[0]!;
  const questionNow = () => read().sections[1]!.questions[0]!;
  return { client, audit, runner, read, q, questionNow, errors, answers: createAnswerActions(runner), issues: createIssueActions(runner) };
}

/** An answer as the server answers it (the answer calls' response: with its section and question). */
const savedAnswer = (call: TCall, id = 'a1') => ({
  _id: id,
  section: (call.body as { section: string }).section,
  question: (call.body as { question: string }).question,
  templateAnswer: (call.body as { templateAnswer: unknown }).templateAnswer,
  score: 0,
  failed: true,
  updatedAt: '2025-01-02T00:00:00Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('answers', () => {
  it('show at once with the local score, then add, and update with the id the add returned', async () => {
    const calls = fakeServer((call) => ({ body: savedAnswer(call) }));
    const { answers, q, questionNow, audit } = await setup();
    const first = answers.saveAnswer(q._id, { type: 'select', select: [OPTION.no] });
    expect(questionNow().answer).toMatchObject({ score: 0, failed: true, templateAnswer: { select: [OPTION.no] } });
    // Issued before the add has answered: it must wait for the add's id.
    const second = answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] });
    expect(questionNow().answer).toMatchObject({ score: 1, failed: false });
    await Promise.all([first, second]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST /ms-core/api/audits/${audit._id}/answer/add`,
      `PATCH /ms-core/api/audits/${audit._id}/answer/a1/update`,
    ]);
    expect(calls[1]!.body).toMatchObject({ section: audit.sections[1]!._id, question: q._id });
    expect(questionNow().answer?._id).toBe('a1');
  });

  it('roll back to the previous answer when the call fails, and report the error', async () => {
    fakeServer(() => ({ status: 400, body: { name: 'BADREQUESTERROR', reference: 'AUD0002', message: 'not running' } }));
    const { answers, q, questionNow, errors } = await setup();
    await answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] });
    expect(questionNow().answer).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reference: 'AUD0002' });
  });

  it('remove the answer when cleared', async () => {
    const calls = fakeServer((call) => (call.method === 'DELETE' ? { status: 204 } : { body: savedAnswer(call, 'a9') }));
    const { answers, q, questionNow, audit } = await setup();
    await answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] });
    await answers.saveAnswer(q._id, null);
    expect(questionNow().answer).toBeNull();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: `/ms-core/api/audits/${audit._id}/answer/a9/remove` });
  });

  it('save cover fields only when they changed', async () => {
    const calls = fakeServer((call) => ({
      body: (call.body as { coverFields: { _id: string; value: string | null }[] }).coverFields.map((f) => ({
        ...f,
        label: 'Field',
        type: 'text',
        required: false,
        position: 0,
      })),
    }));
    const { answers, audit, read } = await setup();
    const field = audit.sections[0]!.fields[0]!;
    await answers.saveFields('cover', [{ _id: field._id, value: null }]);
    expect(calls).toHaveLength(0);
    await answers.saveFields('cover', [{ _id: field._id, value: 'All good' }]);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { coverFields: [{ _id: field._id, value: 'All good' }] } });
    expect(read().sections[0]!.fields[0]!.value).toBe('All good');
    expect(read().coverFields[0]!.value).toBe('All good');
  });
});

describe('issues', () => {
  const serverIssue = (incidence: string, over: Partial<TAuditIssue> = {}): TAuditIssue => ({
    _id: `issue-${incidence}`,
    section: 's',
    question: 'q',
    templateIssue: incidence,
    name: 'Incidence',
    description: null,
    riskLevel: 'high',
    deductionPercentage: 5,
    selected: true,
    solvedInPlace: false,
    tasks: [],
    evidences: [],
    ...over,
  });

  it('checking creates the issue with its sole task selected; the server list replaces it', async () => {
    const calls = fakeServer((call) => ({ body: [serverIssue((call.body as { issuesToAdd: string[] }).issuesToAdd[0]!)] }));
    const { issues, q, questionNow } = await setup();
    const done = issues.toggleIssue(q._id, q.incidences[0]!, true);
    expect(questionNow().issues[0]).toMatchObject({ templateIssue: q.incidences[0]!._id, selected: true, tasks: [{ selected: true }] });
    await done;
    expect(calls[0]!.body).toEqual({ issuesToAdd: [q.incidences[0]!._id], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] });
    expect(questionNow().issues[0]!._id).toBe(`issue-${q.incidences[0]!._id}`);
  });

  it('selecting a task selects its issue; solved in place then uses the server id of the issue', async () => {
    const { issues, q, questionNow } = await setup();
    // The run view offers the question's own incidences (IncidenceList).
    const inc = q.incidences[1]!;
    const calls = fakeServer((call) =>
      call.url.endsWith('/solved-in-place')
        ? { body: serverIssue(OPTION.na, { _id: (call.body as { issue: string }).issue, solvedInPlace: true }) }
        : { body: [serverIssue(inc._id)] },
    );
    const task = inc.tasks[0]!._id;
    const one = issues.toggleTask(q._id, inc, task, true);
    expect(questionNow().issues[0]).toMatchObject({ selected: true, tasks: [{ _id: task, selected: true }] });
    const two = issues.setSolved(q._id, { incidence: inc._id, issue: questionNow().issues[0]!._id }, true);
    expect(questionNow().issues[0]).toMatchObject({ solvedInPlace: true });
    await Promise.all([one, two]);
    expect(calls[0]!.body).toMatchObject({ tasksToAdd: [{ issue: inc._id, task }] });
    expect(calls[1]!.body).toEqual({ issue: `issue-${inc._id}`, solvedInPlace: true });
  });

  it('unchecking removes the issue, and a failure puts it back', async () => {
    fakeServer(() => ({ status: 500, body: { name: 'INTERNALERROR', reference: '0' } }));
    const { issues, q, questionNow, client, audit } = await setup();
    const raised = serverIssue(q.incidences[0]!._id);
    client.setQueryData<TAudit>(auditRunQueryKey(audit._id), (a) => ({
      ...a!,
      sections: a!.sections.map((s, i) => (i === 1 ? { ...s, questions: s.questions.map((x, j) => (j === 0 ? { ...x, issues: [raised] } : x)) } : s)),
    }));
    const done = issues.toggleIssue(q._id, q.incidences[0]!, false);
    expect(questionNow().issues).toEqual([]);
    await done;
    expect(questionNow().issues).toEqual([raised]);
  });
});

describe('sections', () => {
  it('a copy goes after its source and the copies before it', () => {
    const audit = makeAudit(90);
    const source = audit.sections[1]!;
    const first = { ...source, _id: 'copy-1', duplicatedFrom: source._id, isDuplicated: true };
    const second = { ...source, _id: 'copy-2', duplicatedFrom: source._id, isDuplicated: true };
    const ids = insertSection(insertSection(audit, first), second).sections.map((s) => s._id);
    expect(ids.slice(1, 4)).toEqual([source._id, 'copy-1', 'copy-2']);
    expect(ids.at(-1)).toBe(audit.sections.at(-1)!._id);
  });
});

describe('finishing', () => {
  it('is sent after the answer tapped just before it (whose request leaves after the frame), never before', async () => {
    const calls = fakeServer((call) => ({ body: call.url.includes('/answer/') ? savedAnswer(call) : null }));
    const { answers, q, audit } = await setup();
    const saving = answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] });
    // The finish's own answer is not an audit here: only the order of the requests matters.
    await Promise.all([saving, finishAudit(audit._id).catch(() => undefined)]);
    expect(calls.map((c) => c.url)).toEqual([expect.stringContaining('/answer/add'), expect.stringContaining(`/audits/${audit._id}/finished`)]);
  });
});
