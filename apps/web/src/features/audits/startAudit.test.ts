// @vitest-environment jsdom
import { createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { TAudit, TAuditListItem } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import '../../i18n';
import { startedAuditQueryKey } from '../../api/queryKeys';
import { makeAudit } from '../audit-run/testing/auditFixture';
import { stubLayoutApis } from '../../testing/layoutStubs';

/**
 * Issue 23: "Empezar auditoría" showed nothing for seconds, and once the server answered the button
 * was enabled again until the run page came. The start's call is held here, and so is the run
 * page's code, to look at the dialog in between.
 */
const send = vi.hoisted(() => vi.fn());
vi.mock('../../api/send', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api/send')>()), send }));
const { AuditPreviewDialog } = await import('./AuditPreviewDialog');

beforeAll(() => {
  stubLayoutApis();
  // The modal's scroll lock asks for a pseudo-element's style, which jsdom does not implement.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
});
afterEach(() => {
  cleanup();
  send.mockReset();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const draft = makeAudit(30, 'draft');
const started: TAudit = { ...makeAudit(30, 'running'), _id: draft._id };
// The preview of a draft its auditor may start, from scratch or from the last audit.
const preview: TAuditListItem & { sections: { _id: string; title: string; type: string }[] } = {
  ...draft,
  hasPreviousAudit: true,
  can: { ...draft.can, assign: false },
  sections: draft.sections.map((s) => ({ _id: s._id, title: s.title, type: s.type })),
};

function mount() {
  const execute = deferred<TAudit>();
  const runPage = deferred<void>();
  send.mockImplementation((call: unknown) =>
    call === auditCalls.execute ? execute.promise : call === auditCalls.preview ? Promise.resolve(preview) : Promise.reject(new Error('unexpected call')),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/auditor/audits', element: h(AuditPreviewDialog, { id: draft._id, onClose: () => undefined }) },
      { path: '/auditor/audits/run/:auditId', lazy: async () => (await runPage.promise, { element: h('p', { 'data-testid': 'run-page' }) }) },
    ],
    { initialEntries: ['/auditor/audits'] },
  );
  render(h(AntApp, null, h(QueryClientProvider, { client }, h(RouterProvider, { router }))));
  const calls = (call: unknown) => send.mock.calls.filter(([c]) => c === call).length;
  return { execute, runPage, client, router, calls };
}

const isBusy = (button: HTMLElement) => button.classList.contains('ant-btn-loading') && (button as HTMLButtonElement).disabled;

describe('starting an audit from its preview', () => {
  it('spins from the click until the run page opens, starts once, and hands the run its answer', async () => {
    const { execute, runPage, client, router, calls } = mount();
    const button = await screen.findByTestId('audit-start');
    expect(calls(auditCalls.preview)).toBe(1);

    fireEvent.click(button);
    // At once, before any answer: the button spins, both starts are disabled, the bar runs.
    expect(isBusy(button)).toBe(true);
    expect((screen.getByTestId('audit-start-previous') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('route-progress')).toBeTruthy();
    fireEvent.click(button);
    fireEvent.click(screen.getByTestId('audit-start-previous'));
    await waitFor(() => expect(calls(auditCalls.execute)).toBe(1));

    // The server answered; the run page's code is still on its way: nothing may start it again.
    await act(async () => execute.resolve(started));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    expect(isBusy(screen.getByTestId('audit-start'))).toBe(true);
    expect(screen.getByTestId('route-progress')).toBeTruthy();
    // The dialog being left is not read again beside the run page; the run gets the answer.
    expect(calls(auditCalls.preview)).toBe(1);
    expect(client.getQueryData(startedAuditQueryKey(draft._id))).toBe(started);

    await act(async () => runPage.resolve());
    expect(await screen.findByTestId('run-page')).toBeTruthy();
    expect(calls(auditCalls.execute)).toBe(1);
  });

  it('gives the buttons back when the start fails, so it can be tried again', async () => {
    const { execute, calls } = mount();
    const button = await screen.findByTestId('audit-start');
    fireEvent.click(button);
    expect(isBusy(button)).toBe(true);
    await act(async () => execute.reject(new Error('refused')));
    await waitFor(() => expect(isBusy(screen.getByTestId('audit-start'))).toBe(false));
    expect(screen.queryByTestId('route-progress')).toBeNull();
    fireEvent.click(screen.getByTestId('audit-start'));
    await waitFor(() => expect(calls(auditCalls.execute)).toBe(2));
  });
});
