import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditRunQueryKey, auditRunQueryOptions } from '../auditRunApi';
import { createAnswerActions } from '../answerActions';
import { createNoteActions } from '../noteActions';
import { createRunner } from '../runner';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { takeLeftIntents } from './intents';

/** The write-ahead journal (intents.ts): what a page closed mid-lane had not settled is saved by the next page. */
const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;
type TCall = { method: string; url: string; body: unknown };

function storage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    keys: () => [...items.keys()],
  };
}

/** A server whose calls never answer while `hung` (a page closed mid-call), else answer at once. */
function server() {
  const calls: TCall[] = [];
  const state = { hung: true };
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init.method ?? 'GET', url, body });
    if (state.hung) return new Promise<Response>(() => undefined);
    // As the calls' response schemas have them: an answer with its section and question, a note.
    const answer = url.endsWith('/note')
      ? { note: body.note }
      : { _id: 'answer-1', section: body.section, question: body.question, templateAnswer: body.templateAnswer, score: 0, failed: true, updatedAt: 'x' };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
  });
  return { calls, state };
}

async function page(audit: TAudit) {
  const client = new QueryClient();
  await client.prefetchQuery({ ...auditRunQueryOptions(audit._id), queryFn: () => structuredClone(audit), gcTime: Infinity });
  const runner = createRunner(client, audit._id);
  const question = (id: string) =>
    client
      .getQueryData<TAudit>(auditRunQueryKey(audit._id))!
      .sections.flatMap((s) => s.questions)
      .find((q) => q._id === id)!;
  return { answers: createAnswerActions(runner), notes: createNoteActions(runner), question };
}

let local: ReturnType<typeof storage>;
beforeEach(() => {
  local = storage({ accessToken: token('user-1') });
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('the run view journal', () => {
  it('saves again, on the next page, the changes a closed page still held in its lanes, the last one last', async () => {
    const audit = makeAudit(30);
    const q = audit.sections[1]!.questions[0]!;
    const { calls, state } = server();
    const first = await page(audit);
    // The first call hangs: the next change of the question waits behind it in its lane, then the page is closed.
    void first.answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] });
    void first.answers.saveAnswer(q._id, { type: 'select', select: [OPTION.no] });
    void first.notes.saveNote(q._id, 'Grease under the fryer');
    await vi.waitFor(() => expect(calls).toHaveLength(1));

    state.hung = false;
    const left = (await takeLeftIntents(audit._id)).map((entry) => entry.value);
    expect(left).toEqual([
      { kind: 'answer', questionId: q._id, templateAnswer: { type: 'select', select: [OPTION.no] } },
      { kind: 'note', questionId: q._id, note: 'Grease under the fryer' },
    ]);
    const second = await page(audit);
    await second.answers.saveAnswer(q._id, left[0]!.kind === 'answer' ? left[0]!.templateAnswer : null);
    await second.notes.saveNote(q._id, 'Grease under the fryer');

    const sent = calls.slice(1);
    expect(sent.map((c) => c.method)).toEqual(['POST', 'PATCH']);
    expect(sent[0]!.body).toMatchObject({ question: q._id, templateAnswer: { type: 'select', select: [OPTION.no] } });
    expect(sent[1]!.body).toMatchObject({ note: 'Grease under the fryer' });
    expect(second.question(q._id).answer?.templateAnswer).toEqual({ type: 'select', select: [OPTION.no] });
    // Settled: nothing is left for a third page.
    expect(await takeLeftIntents(audit._id)).toEqual([]);
    expect(local.keys().filter((k) => !k.startsWith('offline-settled:'))).toEqual(['accessToken']);
  });

  it('keeps nothing once the calls have settled, and journals per user', async () => {
    const audit = makeAudit(30);
    const q = audit.sections[1]!.questions[0]!;
    const { state } = server();
    state.hung = false;
    const { answers } = await page(audit);
    await answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] });
    expect(await takeLeftIntents(audit._id)).toEqual([]);

    state.hung = true;
    void answers.saveAnswer(q._id, { type: 'select', select: [OPTION.no] });
    local.setItem('accessToken', token('user-2'));
    expect(await takeLeftIntents(audit._id)).toEqual([]);
    local.setItem('accessToken', token('user-1'));
    expect(await takeLeftIntents(audit._id)).toHaveLength(1);
  });
});
