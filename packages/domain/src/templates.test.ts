import { describe, expect, it } from 'vitest';
import {
  fieldProblems,
  fieldTypesOf,
  invalidEmails,
  isReadingCompliant,
  maxSelectScore,
  visibleFields,
  ZReadingRegistryConfig,
  ZSelectConfig,
} from './templates.js';

describe('template rules shared with the browser', () => {
  it('checks readings by operation, with between defaulting to 0..999999', () => {
    expect(isReadingCompliant({ operation: 'between', minValue: 0, maxValue: 5 }, 4.5)).toBe(true);
    expect(isReadingCompliant({ operation: 'between', minValue: 0, maxValue: 5 }, 5.1)).toBe(false);
    expect(isReadingCompliant({ operation: 'between', minValue: null, maxValue: null }, 999999)).toBe(true);
    expect(isReadingCompliant({ operation: 'between', minValue: null, maxValue: null }, -1)).toBe(false);
    expect(isReadingCompliant({ operation: 'lessThan', minValue: null, maxValue: -18 }, -20)).toBe(true);
    expect(isReadingCompliant({ operation: 'lessThan', minValue: null, maxValue: -18 }, -18)).toBe(false);
    expect(isReadingCompliant({ operation: 'greaterThan', minValue: 65, maxValue: null }, 70)).toBe(true);
    expect(isReadingCompliant({ operation: 'equal', minValue: 7, maxValue: null }, 7)).toBe(true);
    expect(isReadingCompliant({ operation: 'noFormat', minValue: null, maxValue: null }, 123)).toBe(true);
  });

  it('scores select questions and validates their options', () => {
    const options = [
      { label: 'Sí', color: '#52c41a', score: 10 },
      { label: 'Parcial', color: '#fa8c16', score: 5 },
      { label: 'No', color: '#f5222d', score: 0, failed: true },
    ];
    const config = ZSelectConfig.parse({ options });
    expect(config).toMatchObject({ multiselect: false, scoring: true });
    expect(config.options[0]!.failed).toBe(false);
    expect(maxSelectScore(config)).toBe(10);
    expect(maxSelectScore({ multiselect: true, options: config.options })).toBe(15);
    expect(ZSelectConfig.safeParse({ options: [{ label: 'x', color: '#fff', score: 1 }] }).success).toBe(false);
  });

  it('refuses duplicate reading keys and places, and inverted between bounds', () => {
    const bad = ZReadingRegistryConfig.safeParse({
      options: [
        { key: 'a', label: 'A', measure: 'ppm', operation: 'between', minValue: 3, maxValue: 1 },
        { key: 'a', label: 'B', measure: 'ph' },
      ],
      placesMeasure: [{ place: 'Vaso' }, { place: ' VASO ' }],
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['options.0.minValue', 'options.1.key', 'placesMeasure.1.place']);
  });

  it('keeps fields in the right sections and their e-mails valid', () => {
    expect(invalidEmails('a@b.es, c@d.com')).toEqual([]);
    expect(invalidEmails('a@b.es,,x')).toEqual(['', 'x']);
    expect(fieldProblems('DATA', { type: 'audit_date' })).toEqual([]);
    expect(fieldProblems('DATA', { type: 'email' })).toEqual(['type']);
    expect(fieldProblems('CONTACTS', { type: 'email', value: 'nope' })).toEqual(['value']);
    expect(fieldProblems('QUESTION', { type: 'text' })).toEqual(['section']);
  });
});

describe('pool contact fields (product document, section 6)', () => {
  it('a contacts section offers the pool counts only for a pool service; an audit shows them only then', () => {
    expect(fieldTypesOf('CONTACTS')).not.toContain('pools_reported');
    expect(fieldTypesOf('CONTACTS', false)).toEqual(['contact_information', 'text', 'email', 'phone']);
    expect(fieldTypesOf('CONTACTS', true)).toEqual(expect.arrayContaining(['pools_reported', 'pools_audited', 'pools_not_audited']));
    const fields = [{ type: 'email' }, { type: 'pools_audited' }];
    expect(visibleFields(fields, false)).toEqual([{ type: 'email' }]);
    expect(visibleFields(fields, true)).toEqual(fields);
  });
});
