import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { TQuestionnaire } from '@audit/domain/audits';
import { fetchQuestionnaire, questionnaireQueryKey, saveAnswerOptions } from './questionnaireApi';

const AUDIT = '11111111-1111-4111-8111-111111111111';
const base = (): TQuestionnaire => ({
  _id: 'q',
  sent: false,
  questionsAnswers: [
    { _id: 'a', sectionTitle: 'S', question: 'A', type: 'SIMPLE', answer: null, images: [] },
    { _id: 'b', sectionTitle: 'S', question: 'B', type: 'PARAGRAPH', answer: null, images: [] },
  ],
});

/** A fake server keeping the questionnaire; `refuse` makes the next PATCH answer 400. */
function fakeServer() {
  const state = base();
  const order: string[] = [];
  let refuse = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    await new Promise((r) => setTimeout(r, 5));
    if ((init.method ?? 'GET') === 'GET') return new Response(JSON.stringify({ name: 'NOTFOUND', reference: 415, message: 'x' }), { status: 404 });
    const { answers } = JSON.parse(String(init.body)) as { answers: { _id: string; answer: string | null }[] };
    order.push(answers.map((a) => `${a._id}=${a.answer}`).join());
    if (refuse) {
      refuse = false;
      return new Response(JSON.stringify({ name: 'BADREQUESTERROR', reference: 400, message: 'x', fields: ['answers'] }), { status: 400 });
    }
    for (const a of answers) state.questionsAnswers.find((qa) => qa._id === a._id)!.answer = a.answer;
    return new Response(JSON.stringify(structuredClone(state)), { status: 200 });
  });
  return { order, refuseNext: () => (refuse = true) };
}

async function setup() {
  const client = new QueryClient();
  client.setQueryData(questionnaireQueryKey(AUDIT), base());
  const save = (questionId: string, answer: string | null) =>
    new MutationObserver(client, saveAnswerOptions(client, AUDIT)).mutate({ questionId, answer }).catch(() => undefined);
  const answers = () => client.getQueryData<TQuestionnaire>(questionnaireQueryKey(AUDIT))!.questionsAnswers.map((qa) => qa.answer);
  return { client, save, answers };
}

afterEach(() => vi.unstubAllGlobals());

describe('questionnaire calls', () => {
  it('a 404 means the audit has no questionnaire', async () => {
    fakeServer();
    expect(await fetchQuestionnaire(AUDIT)).toBeNull();
  });

  it('shows answers at once, sends them one after another and keeps the later one while the earlier lands', async () => {
    const server = fakeServer();
    const { save, answers } = await setup();
    const first = save('a', 'No');
    const second = save('b', 'Se avisó');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(answers()).toEqual(['No', 'Se avisó']);
    await first;
    expect(answers()).toEqual(['No', 'Se avisó']);
    await second;
    expect(server.order).toEqual(['a=No', 'b=Se avisó']);
    expect(answers()).toEqual(['No', 'Se avisó']);
  });

  it('a refused answer puts back only that answer', async () => {
    const server = fakeServer();
    const { save, answers } = await setup();
    await save('a', 'No');
    server.refuseNext();
    const refused = save('a', 'Sí');
    const other = save('b', 'Se avisó');
    await refused;
    // Put back while the next write is still on its way (its answer stays shown).
    expect(answers()).toEqual(['No', 'Se avisó']);
    await other;
    expect(server.order).toEqual(['a=No', 'a=Sí', 'b=Se avisó']);
    expect(answers()).toEqual(['No', 'Se avisó']);
  });
});
