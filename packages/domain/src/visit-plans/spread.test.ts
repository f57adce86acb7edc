import { describe, expect, it } from 'vitest';
import { visitRefusal, type TVisitWindow } from '../visits/window.js';
import { planContract, shareVisits, spreadVisits } from './spread.js';

const all: TVisitWindow = { openMonth: null, closeMonth: null, visitDays: [], notVisitDays: [] };
const monthOf = (day: string) => Number(day.slice(5, 7));
const dayOf = (day: string) => Number(day.slice(8, 10));

describe('spreading a year of visits (decision 0089)', () => {
  it('spreads evenly over an open year: 12 visits one a month, 4 one a quarter in its middle month', () => {
    expect(spreadVisits({ year: 2026, count: 12, window: all }).map(monthOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(spreadVisits({ year: 2026, count: 4, window: all }).map(monthOf)).toEqual([2, 5, 8, 11]);
    // Inside a month, the middle of its days.
    expect(spreadVisits({ year: 2026, count: 1, window: all })).toEqual(['2026-07-16']);
    expect(spreadVisits({ year: 2026, count: 12, window: all })[1]).toBe('2026-02-15');
  });

  it('keeps to the open months, wrapping over the new year (October to March)', () => {
    const winter: TVisitWindow = { ...all, openMonth: 10, closeMonth: 3 };
    const days = spreadVisits({ year: 2026, count: 6, window: winter });
    expect(days.map(monthOf)).toEqual([1, 2, 3, 10, 11, 12]);
    const two = spreadVisits({ year: 2026, count: 2, window: winter });
    expect(two.map(monthOf).every((m) => m <= 3 || m >= 10)).toBe(true);
    expect(two.map(monthOf)).toEqual([2, 11]);
  });

  it('falls only on visit days and never on not-visit days', () => {
    const window: TVisitWindow = { openMonth: 5, closeMonth: 9, visitDays: [5, 20], notVisitDays: [20] };
    const days = spreadVisits({ year: 2026, count: 10, window });
    expect(days).toHaveLength(10);
    expect(days.every((d) => dayOf(d) === 5)).toBe(true);
    expect(days.every((d) => visitRefusal(window, { month: monthOf(d), day: dayOf(d) }) === null)).toBe(true);
    const notDays: TVisitWindow = { ...all, notVisitDays: Array.from({ length: 15 }, (_, i) => i + 1) };
    expect(spreadVisits({ year: 2026, count: 24, window: notDays }).every((d) => dayOf(d) > 15)).toBe(true);
  });

  it('skips a month without an allowed day (31st only), and gives none when no day is allowed', () => {
    const window: TVisitWindow = { ...all, visitDays: [31] };
    const days = spreadVisits({ year: 2026, count: 7, window });
    expect(days.map(monthOf)).toEqual([1, 3, 5, 7, 8, 10, 12]);
    expect(spreadVisits({ year: 2026, count: 3, window: { ...all, visitDays: [5], notVisitDays: [5] } })).toEqual([]);
  });

  it('keeps to the contract period inside the year', () => {
    const days = spreadVisits({ year: 2026, count: 3, window: all, from: '2026-07-01', to: '2026-09-30' });
    expect(days.map(monthOf)).toEqual([7, 8, 9]);
    expect(spreadVisits({ year: 2026, count: 3, window: all, from: '2027-01-01' })).toEqual([]);
  });

  it('shares more visits than days of a month on the same days, in order', () => {
    const days = spreadVisits({ year: 2026, count: 30, window: { ...all, openMonth: 2, closeMonth: 2, visitDays: [10] } });
    expect(days).toEqual(new Array(30).fill('2026-02-10'));
  });

  it('shares a client’s yearly quantity among its establishments, the remainder going round', () => {
    expect(shareVisits(7, 3)).toEqual([3, 2, 2]);
    expect(shareVisits(7, 3, 1)).toEqual([2, 3, 2]);
    expect(shareVisits(2, 3, 2)).toEqual([1, 0, 1]);
    expect(shareVisits(5, 0)).toEqual([]);
  });

  it('plans a contract: the client’s quantity in all, each establishment on its own window, slots numbered per service', () => {
    const places = [
      { id: 'e1', window: all },
      { id: 'e2', window: { ...all, openMonth: 6, closeMonth: 8 } },
    ];
    const slots = planContract({
      year: 2026,
      lines: [
        { service: 's1', quantity: 5 },
        { service: 's2', quantity: 1 },
        { service: 's1', quantity: 1 },
      ],
      places,
    });
    expect(slots.filter((s) => s.service === 's1')).toHaveLength(6);
    expect(slots.filter((s) => s.service === 's2')).toHaveLength(1);
    const e2 = slots.filter((s) => s.establishment === 'e2');
    expect(e2.every((s) => [6, 7, 8].includes(monthOf(s.date!)))).toBe(true);
    expect(slots.filter((s) => s.establishment === 'e1' && s.service === 's1').map((s) => s.seq)).toEqual([1, 2, 3]);
    // The same input, the same plan: what makes regenerating idempotent.
    expect(
      planContract({
        year: 2026,
        lines: [
          { service: 's1', quantity: 6 },
          { service: 's2', quantity: 1 },
        ],
        places,
      }),
    ).toEqual(slots);
  });

  it('keeps a slot with no day when an establishment allows none', () => {
    const slots = planContract({
      year: 2026,
      lines: [{ service: 's', quantity: 2 }],
      places: [{ id: 'e', window: { ...all, visitDays: [3], notVisitDays: [3] } }],
    });
    expect(slots).toEqual([
      { establishment: 'e', service: 's', seq: 1, date: null },
      { establishment: 'e', service: 's', seq: 2, date: null },
    ]);
  });
});
