import { describe, expect, it } from 'vitest';
import { shownColumns, type TListColumn } from './listColumns';

type TRow = { name: string; moves: string[] };
const columns: TListColumn<TRow>[] = [
  { key: 'name', title: 'Name', locked: true },
  { key: 'place', title: 'Place' },
  { key: 'moves', title: 'Actions', locked: true, onlyIf: (row) => row.moves.length > 0 },
];
const keys = (rows: TRow[] | undefined, hidden: string[] = []) => shownColumns(columns, hidden, rows).map((c) => c.key);

describe('shownColumns', () => {
  it('drops an action column no row of the page has anything for (a client on lab incidents)', () => {
    expect(keys([{ name: 'pH', moves: [] }])).toEqual(['name', 'place']);
    expect(keys([])).toEqual(['name', 'place']);
  });
  it('keeps it when one row has an action, and while the page loads', () => {
    expect(
      keys([
        { name: 'pH', moves: [] },
        { name: 'Cl', moves: ['SOLVED'] },
      ]),
    ).toEqual(['name', 'place', 'moves']);
    expect(keys(undefined)).toEqual(['name', 'place', 'moves']);
  });
  it('hides what the settings hide, never a locked column', () => {
    expect(keys(undefined, ['place', 'name'])).toEqual(['name', 'moves']);
  });
});
