import { describe, expect, it } from 'vitest';
import type { TAuditField, TAuditSection } from '@audit/domain/audits';
import { finishedDay, formatDay, formatPercent } from './reportFormat';
import { fieldText, layoutFor, reportParts } from './reportLayout';

const field = (id: string, extra: Partial<TAuditField> = {}): TAuditField => ({
  _id: id,
  label: id,
  type: 'text',
  required: false,
  value: null,
  position: 0,
  ...extra,
});
const section = (id: string, type: TAuditSection['type'], position: number, extra: Partial<TAuditSection> = {}) =>
  ({
    _id: id,
    title: id,
    type,
    position,
    fields: [],
    questions: [],
    totalScore: 0,
    finalScore: 0,
    duplicable: false,
    isDuplicated: false,
    duplicatedFrom: null,
    totalIssuesCount: 0,
    ...extra,
  }) as TAuditSection;

describe('report layout by reportType', () => {
  it('issues: no score block, issue charts', () => {
    expect(layoutFor('issues')).toEqual({ score: false, counts: 'all', risk: false, charts: 'issues' });
  });
  it('percent: only the score and the total', () => {
    expect(layoutFor('percent')).toEqual({ score: true, counts: 'total', risk: false, charts: 'none' });
  });
  it('the same object for the same type (the memoised panels keep it across renders)', () => {
    expect(layoutFor('issues')).toBe(layoutFor('issues'));
    expect(layoutFor(null)).toBe(layoutFor('unknown'));
  });
  it('auditRisks adds the risk to the score charts', () => {
    expect(layoutFor('auditRisks')).toMatchObject({ score: true, risk: true, charts: 'score' });
  });
  it('everyone else (and the public link) gets score charts', () => {
    expect(layoutFor('default')).toEqual({ score: true, counts: 'all', risk: false, charts: 'score' });
    expect(layoutFor(null)).toEqual(layoutFor('default'));
  });
});

describe('report parts', () => {
  const cover = [field('c1', { position: 1 }), field('c0', { position: 0 })];
  const audit = {
    coverFields: cover,
    sections: [
      section('contacts', 'CONTACTS', 3, { fields: [field('mail', { type: 'email' })] }),
      section('q2', 'QUESTION', 2),
      section('data', 'DATA', 0, { fields: cover }),
      section('q1', 'QUESTION', 1),
      section('data2', 'DATA', 4),
    ],
  };

  it('orders sections, keeps CONTACTS out, folds a DATA section made of cover fields into the introduction', () => {
    const parts = reportParts(audit);
    expect(parts.sections.map((s) => s._id)).toEqual(['q1', 'q2', 'data2']);
    expect(parts.cover.map((f) => f._id)).toEqual(['c0', 'c1']);
    expect(parts.contacts.map((f) => f._id)).toEqual(['mail']);
  });
});

describe('scores and values', () => {
  it('formats percentages and field dates', () => {
    expect(formatPercent(null, 'es')).toBe('—');
    expect(formatPercent(92, 'en')).toBe('92.0 %');
    expect(fieldText({ type: 'date', value: '2025-03-04T00:00:00.000Z' })).toBe('04-03-2025');
    expect(fieldText({ type: 'audit_date', value: '["2025-03-04T00:00:00.000Z","2025-03-05T23:59:59.999Z"]' })).toBe('04-03-2025 – 05-03-2025');
    // What the run view's range picker stores, and what it stored before as an ISO 8601 interval.
    expect(fieldText({ type: 'audit_date', value: '["2025-03-04","2025-03-05"]' })).toBe('04-03-2025 – 05-03-2025');
    expect(fieldText({ type: 'audit_date', value: '2025-03-04/2025-03-05' })).toBe('04-03-2025 – 05-03-2025');
    expect(fieldText({ type: 'objective', value: ' Revisar APPCC ' })).toBe('Revisar APPCC');
    expect(fieldText({ type: 'text', value: null })).toBe('');
    // A day saved as the instant of its local midnight reads as that day where the audit is.
    expect(fieldText({ type: 'date', value: '2026-11-05T23:00:00.000Z' }, 'Europe/Madrid')).toBe('06-11-2026');
  });
  it("shows the finished date as the establishment's day, whatever the browser's zone", () => {
    expect(finishedDay({ finishedDate: '2026-03-01T23:30:00.000Z', timeZone: 'Europe/Madrid' })).toBe('02-03-2026');
    expect(finishedDay({ finishedDate: '2026-03-01T23:30:00.000Z', timeZone: 'America/New_York' })).toBe('01-03-2026');
    expect(formatDay('2026-03-02T00:00:00.000Z')).toBe('02-03-2026');
  });
});
