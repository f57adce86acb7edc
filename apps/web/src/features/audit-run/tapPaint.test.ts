// @vitest-environment jsdom
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { auditRunQueryOptions } from './auditRunApi';
import { createAnswerActions } from './answerActions';
import { createRunner } from './runner';
import { auditScoreOf } from './selectors';
import { useAuditSelect, useQuestion } from './useAuditSelect';
import { makeAudit, OPTION } from './testing/auditFixture';
import { auditResource } from './offline/auditResource';
import { writesStarted } from '../../offline/writesInFlight';

/**
 * A tap paints before anything is stored (decision 0098): the answer and the score render within the
 * tap's own event (the query cache calls its listeners, `useAuditSelect`, synchronously in
 * `setQueryData`; no timer, no IndexedDB in between), the change is journalled in that same event,
 * and the call (then the queue or the device's copy) comes after the frame is painted.
 */
const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a tap on an answer', () => {
  it('renders the answer and the score in its own event, journalled, before the call answers', async () => {
    localStorage.setItem('accessToken', token('user-1'));
    const sent: string[] = [];
    // The server never answers: whatever shows comes from the tap itself.
    vi.stubGlobal('fetch', (url: string) => (sent.push(url), new Promise<Response>(() => undefined)));
    const audit = makeAudit(30);
    const q = audit.sections[1]!.questions[0]!;
    const client = new QueryClient();
    await client.prefetchQuery({ ...auditRunQueryOptions(audit._id), queryFn: () => audit, gcTime: Infinity });
    const answers = createAnswerActions(createRunner(client, audit._id));
    function Probe() {
      const question = useQuestion(audit._id, q._id);
      const score = useAuditSelect(audit._id, (a) => auditScoreOf(a).percentage);
      const picked = question?.answer?.templateAnswer.type === 'select' ? question.answer.templateAnswer.select.join() : 'none';
      return h('button', { onClick: () => void answers.saveAnswer(q._id, { type: 'select', select: [OPTION.yes] }) }, `${picked} ${score ?? 'no score'}`);
    }
    render(h(QueryClientProvider, { client }, h(Probe)));
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('none no score');

    // A real click, its render flushed by React alone: no timer or task runs before the assertions.
    const writesBefore = writesStarted(auditResource(audit._id));
    act(() => button.click());
    expect(button.textContent).toBe(`${OPTION.yes} 100`);
    // Journalled in the same event (the page may be closed right after the paint).
    const journalled = Object.keys(localStorage).filter((k) => k.startsWith(`audit-run-intents:user-1:${audit._id}:`));
    expect(journalled).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(journalled[0]!)!).intent).toEqual({
      kind: 'answer',
      questionId: q._id,
      templateAnswer: { type: 'select', select: [OPTION.yes] },
    });
    // Counted as a write from the tap: a server read answered before the request leaves is not shown over it.
    expect(writesStarted(auditResource(audit._id))).toBe(writesBefore + 1);
    // The call goes after the paint: not from the tap's task, nor its microtasks (decision 0116).
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(sent).toEqual([]);
    await vi.waitFor(() => expect(sent).toEqual([expect.stringContaining(`/audits/${audit._id}/answer/add`)]));
  });
});
