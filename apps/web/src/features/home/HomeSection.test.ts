// @vitest-environment jsdom
import { createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18n from '../../i18n';
import { loadLanguage } from '../../i18n/translations';
import { ApiError } from '../../api/errors';
import { HomeSection } from './HomeSection';
import { stubLayoutApis } from '../../testing/layoutStubs';

beforeAll(async () => {
  await loadLanguage('es');
  await i18n.changeLanguage('es');
  stubLayoutApis();
});
afterEach(() => cleanup());

interface TRow {
  id: string;
  name: string;
}
type TQuery = { data?: { items: TRow[]; total: number }; isPending: boolean; error: unknown; refetch: () => unknown };

function mount(query: TQuery) {
  render(
    h(
      MemoryRouter,
      null,
      h(HomeSection<TRow>, {
        section: 'openIncidents',
        icon: null,
        seeAll: '/incidents/list/audits?status=running',
        query,
        line: (row: TRow) => ({ id: row.id, to: `/incidents/${row.id}`, title: row.name, detail: 'Cocina' }),
      }),
    ),
  );
  return within(screen.getByTestId('home-section-openIncidents'));
}

describe('a home section (decision 0080)', () => {
  it('shows a skeleton while it loads, and its "see all" link with the filter already', () => {
    const section = mount({ isPending: true, error: null, refetch: () => undefined });
    expect(section.getByTestId('home-section-loading')).toBeTruthy();
    expect(section.getByRole('link', { name: /ver todo/i }).getAttribute('href')).toBe('/incidents/list/audits?status=running');
  });

  it('says in words that nothing is pending', () => {
    const section = mount({ data: { items: [], total: 0 }, isPending: false, error: null, refetch: () => undefined });
    expect(section.getByTestId('home-section-empty').textContent).toBe('No hay incidencias abiertas. Nada pendiente hoy.');
  });

  it('shows the error in the user’s language with a retry that reads again', () => {
    const refetch = vi.fn();
    const section = mount({ isPending: false, error: new ApiError(403, 'FORBIDDENERROR', '403', 'Forbidden'), refetch });
    expect(section.getByText('No se ha podido cargar esta sección.')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Reintentar' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('lists each item as a link to its screen, with how many there are in all', () => {
    const items = [
      { id: 'a', name: 'Fuga de agua' },
      { id: 'b', name: 'Luminaria' },
    ];
    const section = mount({ data: { items, total: 12 }, isPending: false, error: null, refetch: () => undefined });
    const links = section.getAllByTestId('home-line');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/incidents/a', '/incidents/b']);
    expect(links[0]!.textContent).toContain('Fuga de agua');
    expect(section.getByLabelText('12 en total')).toBeTruthy();
    expect(section.getByRole('list').getAttribute('aria-labelledby')).toBe('home-openIncidents-title');
  });
});
