// @vitest-environment jsdom
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { userCalls } from '@audit/domain/calls/users';
import type { TSession } from '@audit/domain/spaces';
import { ME_QUERY_KEY } from '../session/me';
import { clearSession, storeSession } from '../session/storage';

/**
 * Issue 23: after a sign-in the administrator's page stayed white (a spinner) for seconds: the
 * profile was asked for only once the shell's code had arrived, and nothing shaped like the app showed.
 */
const send = vi.hoisted(() => vi.fn());
vi.mock('../api/send', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api/send')>()), send }));
const { RequireAuth } = await import('./RequireAuth');
const { useStartSession } = await import('../features/auth/authApi');

afterEach(() => {
  cleanup();
  clearSession();
  send.mockReset();
});

const session = { accessToken: 'token', refreshToken: 'refresh', space: { _id: 'space' }, spaces: [] } as unknown as TSession;

describe('landing after a sign-in', () => {
  it('asks for the profile as soon as the session starts', () => {
    send.mockReturnValue(new Promise(() => undefined));
    const client = new QueryClient();
    const { result } = renderHook(() => useStartSession(), { wrapper: ({ children }) => h(QueryClientProvider, { client }, children) });
    result.current(session);
    expect(send.mock.calls.map(([call]) => call)).toEqual([userCalls.me]);
    expect(client.getQueryState(ME_QUERY_KEY)?.fetchStatus).toBe('fetching');
  });

  it("shows the shell's outline while the profile loads", () => {
    storeSession(session);
    send.mockReturnValue(new Promise(() => undefined));
    const client = new QueryClient();
    render(h(QueryClientProvider, { client }, h(MemoryRouter, null, h(RequireAuth, { children: () => h('p', null, 'page') }))));
    expect(screen.getByTestId('shell-skeleton')).toBeTruthy();
    expect(screen.queryByText('page')).toBeNull();
  });
});
