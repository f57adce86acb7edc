import { describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { formatDay, formatPercent, formatRange, startDateFor, utcRange } from './auditFormat';
import { countFilters, toSearchFilters } from './auditsApi';
import { initialWizardState, rangeBeforeStart, settingComplete, startDayOf, wizardReducer, type TWizardState } from './wizard/wizardState';

const ref = (id: string) => ({ _id: id, name: id });
const service = { ...ref('svc'), isPoolService: false, valueGoal: 80, templates: [] };

describe('start date from year and month', () => {
  const now = '2025-05-31'; // today where the space is

  it('keeps the current day for the current month', () => {
    expect(startDateFor(2025, 4, now)).toBe('2025-05-31T00:00:00.000Z');
  });

  it('starts on day 1 for a later month (also in a later year)', () => {
    expect(startDateFor(2025, 5, now)).toBe('2025-06-01T00:00:00.000Z');
    expect(startDateFor(2026, 0, now)).toBe('2026-01-01T00:00:00.000Z');
  });

  it('keeps the current day for an earlier month, capped at its last day', () => {
    expect(startDateFor(2025, 2, now)).toBe('2025-03-31T00:00:00.000Z');
    expect(startDateFor(2025, 1, now)).toBe('2025-02-28T00:00:00.000Z');
    expect(startDateFor(2024, 10, now)).toBe('2024-11-30T00:00:00.000Z');
  });

  it("counts the current day in the space's zone: 00:30 in Madrid on 1 June is already June there", () => {
    const today = todayInZone('Europe/Madrid', new Date('2025-05-31T22:30:00Z'));
    expect(today).toBe('2025-06-01');
    expect(startDateFor(2025, 5, today)).toBe('2025-06-01T00:00:00.000Z');
    expect(initialWizardState(today).period).toEqual({ year: 2025, month: 5 });
  });
});

describe('dates and scores on screen', () => {
  it('stores a picked range as UTC start and end of day', () => {
    expect(utcRange(new Date(2025, 6, 1), new Date(2025, 6, 3, 18))).toEqual(['2025-07-01T00:00:00.000Z', '2025-07-03T23:59:59.999Z']);
  });

  it('shows UTC days as DD-MM-YYYY whatever the local zone', () => {
    expect(formatDay('2025-07-01T00:00:00.000Z')).toBe('01-07-2025');
    expect(formatRange(['2025-07-01T00:00:00.000Z', '2025-07-03T23:59:59.999Z'])).toBe('01-07-2025 – 03-07-2025');
    expect(formatDay(null)).toBe('');
  });

  it('shows percentages with one decimal in the page language', () => {
    expect(formatPercent(85.25, 'en')).toBe('85.3 %');
    expect(formatPercent(85.25, 'es')).toBe('85,3 %');
    expect(formatPercent(100, 'es')).toBe('100,0 %');
    expect(formatPercent(null, 'es')).toBe('');
  });
});

describe('list filters', () => {
  it('sends only the filters that are set, with the contract field names', () => {
    expect(toSearchFilters({})).toEqual([]);
    expect(toSearchFilters({ client: 'c', status: ['draft', 'running'], startDate: ['a', 'b'], risk: [] })).toEqual([
      { field: 'client', operator: 'eq', value: 'c' },
      { field: 'status', operator: '$in', value: ['draft', 'running'] },
      { field: 'startDate', operator: 'between', value: { from: 'a', to: 'b' } },
    ]);
    expect(countFilters({ client: 'c', status: [], service: 's' })).toBe(2);
  });
});

describe('create wizard clearing rules', () => {
  const filled: TWizardState = {
    ...initialWizardState('2025-01-10'),
    client: ref('c1'),
    establishment: ref('e1'),
    service,
    range: [new Date(2025, 0, 10), new Date(2025, 0, 11)],
    auditor: { _id: 'a', fullName: 'A', email: 'a@x.test' },
    template: { _id: 't', name: 'T', description: null, language: 'es', category: null, service: null, areaAccess: null },
  };

  it('changing the client clears establishment, service, auditor (and the template)', () => {
    const next = wizardReducer(filled, { type: 'client', value: ref('c2') });
    expect(next).toMatchObject({ client: ref('c2'), establishment: null, service: null, auditor: null, template: null });
    expect(next.range).toEqual(filled.range);
  });

  it('changing the establishment clears only the service (and its template)', () => {
    const next = wizardReducer(filled, { type: 'establishment', value: ref('e2') });
    expect(next).toMatchObject({ client: ref('c1'), establishment: ref('e2'), service: null, template: null });
    expect(next.auditor).toEqual(filled.auditor);
  });

  it('choosing the same value again clears nothing', () => {
    expect(wizardReducer(filled, { type: 'client', value: ref('c1') })).toBe(filled);
    expect(wizardReducer(filled, { type: 'establishment', value: ref('e1') })).toBe(filled);
  });

  it('the setting step is complete only with every choice', () => {
    expect(settingComplete(filled, '2025-01-10')).toBe(true);
    expect(settingComplete(wizardReducer(filled, { type: 'establishment', value: ref('e2') }), '2025-01-10')).toBe(false);
    expect(settingComplete(initialWizardState('2025-01-10'), '2025-01-10')).toBe(false);
  });

  it('visit dates before the start date leave the step incomplete', () => {
    // Today is 10 January: the January audit starts today, so a visit on the 9th is refused.
    const early = wizardReducer(filled, { type: 'range', value: [new Date(2025, 0, 9), new Date(2025, 0, 11)] });
    expect(rangeBeforeStart(early, '2025-01-10')).toBe(true);
    expect(settingComplete(early, '2025-01-10')).toBe(false);
    expect(rangeBeforeStart(filled, '2025-01-10')).toBe(false);
    // A February audit starts on the 1st: a visit on 31 January is before it.
    const february = wizardReducer(filled, { type: 'period', value: { year: 2025, month: 1 } });
    expect(startDayOf(february, '2025-01-10')).toBe('2025-02-01');
    expect(rangeBeforeStart(february, '2025-01-10')).toBe(true);
  });
});
