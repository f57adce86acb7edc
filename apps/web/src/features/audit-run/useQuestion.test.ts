// @vitest-environment jsdom
import { createElement as h, useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TAnswer, TAudit } from '@audit/domain/audits';
import { auditRunQueryKey } from './auditRunApi';
import { insertSection, patchQuestion } from './auditCache';
import { changedQuestions, useQuestion } from './useAuditSelect';
import { makeAudit, OPTION } from './testing/auditFixture';

afterEach(() => cleanup());

const answer = (id: string) => ({ _id: id, templateAnswer: { type: 'select', select: [OPTION.yes] }, score: 1, failed: false }) as unknown as TAnswer;

describe('useQuestion: one subscription per audit, a card told only when its question changed', () => {
  it('renders the cards whose question changed, follows a change of the sections, and lets the cache go', () => {
    const client = new QueryClient();
    const audit = makeAudit(60);
    const key = auditRunQueryKey(audit._id);
    client.setQueryData(key, audit);
    const [q1, q2, q3] = [audit.sections[1]!.questions[0]!, audit.sections[1]!.questions[1]!, audit.sections[2]!.questions[0]!];
    const renders: string[] = [];
    function Card({ id }: { id: string }) {
      const question = useQuestion(audit._id, id);
      useLayoutEffect(() => void renders.push(id));
      return h('p', { 'data-id': id }, question ? (question.answer?._id ?? 'unanswered') : 'gone');
    }
    const view = render(
      h(
        QueryClientProvider,
        { client },
        [q1, q2, q3].map((q) => h(Card, { key: q._id, id: q._id })),
      ),
    );
    const text = (id: string) => view.container.querySelector(`[data-id="${id}"]`)!.textContent;
    renders.length = 0;

    // An answer in a section: that card only, not its neighbour in the same section nor the other section's.
    act(() => void client.setQueryData<TAudit>(key, (a) => patchQuestion(a!, q1._id, (q) => ({ ...q, answer: answer('a1') }))));
    expect(renders).toEqual([q1._id]);
    expect(text(q1._id)).toBe('a1');
    // What the hub looks at: the changed section's questions, and tells the one that changed.
    const listening = new Map(audit.sections.flatMap((s) => s.questions).map((q) => [q._id, null]));
    expect([...changedQuestions(audit, client.getQueryData<TAudit>(key), listening)]).toEqual([q1._id]);
    expect([...changedQuestions(audit, audit, listening)]).toEqual([]);

    // A section added (another number of sections): every card checks, each still shows its own question.
    renders.length = 0;
    const copy = { ...audit.sections[2]!, _id: 'copy', questions: [] };
    act(() => void client.setQueryData<TAudit>(key, (a) => patchQuestion(insertSection(a!, copy), q3._id, (q) => ({ ...q, answer: answer('a3') }))));
    expect(renders).toEqual([q3._id]);
    expect([text(q1._id), text(q2._id), text(q3._id)]).toEqual(['a1', 'unanswered', 'a3']);

    // The audit gone from the cache: the cards say so; unmounted, no subscription is left.
    act(() => client.removeQueries({ queryKey: key }));
    expect(text(q2._id)).toBe('gone');
    view.unmount();
    expect(client.getQueryCache().hasListeners()).toBe(false);
  });
});
