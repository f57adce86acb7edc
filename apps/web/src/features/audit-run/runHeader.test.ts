// @vitest-environment jsdom
import { createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { TAudit } from '@audit/domain/audits';
import { formatInstant } from '@audit/domain/dates';
import i18n from '../../i18n';
import { loadLanguage } from '../../i18n/translations';
import { ME_QUERY_KEY } from '../../session/me';
import { auditRunQueryOptions } from './auditRunApi';
import { RUN_MUTATION_KEY } from './runner';
import { FIXTURE_AUDITOR, makeAudit } from './testing/auditFixture';
import { stubLayoutApis } from '../../testing/layoutStubs';

const { AuditRunPage } = await import('./AuditRunPage');

beforeAll(async () => {
  await loadLanguage('es');
  await i18n.changeLanguage('es');
  stubLayoutApis();
});
afterEach(() => cleanup());

async function mount(audit: TAudit, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  await client.prefetchQuery({ ...auditRunQueryOptions(audit._id), queryFn: () => audit, gcTime: Infinity });
  client.setQueryData(ME_QUERY_KEY, { _id: FIXTURE_AUDITOR, isAdmin: false, permissions: [] });
  render(
    h(
      AntApp,
      null,
      h(
        QueryClientProvider,
        { client },
        h(
          MemoryRouter,
          { initialEntries: [`/auditor/audits/run/${audit._id}`] },
          h(Routes, null, h(Route, { path: '/auditor/audits/run/:auditId', element: h(AuditRunPage) })),
        ),
      ),
    ),
  );
  return within(await screen.findByTestId('run-header'));
}

/** Product document section 2, audit header: service, establishment, last update (relative), creator, PDF, share. */
describe('the run header', () => {
  it('names the creator and the last update; a finished audit offers the PDF and the share button', async () => {
    const audit = {
      ...makeAudit(4, 'finished'),
      owner: { _id: FIXTURE_AUDITOR, name: 'Marta Creadora' },
      updatedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    };
    const header = await mount(audit);
    expect(header.getByTestId('run-header-creator').textContent).toBe('Creada por Marta Creadora');
    const updated = header.getByText(/^Actualizada hace 3 minutos$/);
    // Its exact instant, in the space's zone (Madrid by default), as a tooltip once painted.
    await waitFor(() => expect(updated.getAttribute('title')).toBe(formatInstant(audit.updatedAt, 'Europe/Madrid')));
    expect(header.getByTestId('report-pdf')).toBeTruthy();
    expect(header.getByTestId('report-share')).toBeTruthy();
  });

  it('a running audit has no PDF yet (the server makes the PDF of a finished audit only)', async () => {
    const header = await mount({ ...makeAudit(4, 'running'), owner: { _id: FIXTURE_AUDITOR, name: 'Marta Creadora' } });
    expect(header.getByTestId('run-header-creator')).toBeTruthy();
    expect(header.queryByTestId('report-pdf')).toBeNull();
    expect(header.queryByTestId('report-share')).toBeNull();
  });

  it('after a change the device could not keep (or the server refused), says "Sin guardar" until the next change is saved', async () => {
    const audit = makeAudit(4, 'running');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const change = (outcome: () => Promise<unknown>) =>
      client
        .getMutationCache()
        .build(client, { mutationKey: [RUN_MUTATION_KEY, audit._id], mutationFn: outcome })
        .execute(undefined)
        .catch(() => undefined);
    const header = await mount(audit, client);
    expect(header.getByTestId('run-saving-state').textContent).toContain('Guardado');
    // The mutation cache tells its observers on a timer (React Query's notify manager), which a loaded
    // machine may run after act() returns: wait for the header rather than read it at once.
    await act(() => change(() => Promise.reject(new Error('QuotaExceededError'))));
    await waitFor(() => expect(header.getByTestId('run-saving-state').textContent).toContain('Sin guardar'));
    await act(() => change(() => Promise.resolve({})));
    await waitFor(() => expect(header.getByTestId('run-saving-state').textContent).not.toContain('Sin guardar'));
    expect(header.getByTestId('run-saving-state').textContent).toContain('Guardado');
  });
});
