import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { loadLanguage } from '../../i18n/translations';
import { appliedDeduction, deductionTagKey } from './deduction';

/** The report says which deduction the score subtracts: only the largest (decision 0064). */
describe('deductions in the report', () => {
  const deductions = [
    { issue: 'plague', name: 'Plagas', percentage: 10 },
    { issue: 'dirt', name: 'Suciedad', percentage: 5 },
  ];

  it('marks the largest as applied and the others as not applied, in both languages', async () => {
    const applied = appliedDeduction(deductions)!.issue;
    expect(applied).toBe('plague');
    expect(appliedDeduction([])).toBeNull();
    await loadLanguage('es');
    await loadLanguage('en');
    await i18n.changeLanguage('es');
    expect(i18n.t(deductionTagKey('plague', applied), { value: 10 })).toBe('−10 % aplicada');
    expect(i18n.t(deductionTagKey('dirt', applied), { value: 5 })).toBe('−5 % no aplicada (solo cuenta la mayor)');
    expect(i18n.t('report.summary.deductionRule', { value: 10, name: 'Plagas', count: 2 })).toBe(
      'Deducción aplicada: −10 % (Plagas). De las 2 deducciones solo se aplica la mayor.',
    );
    await i18n.changeLanguage('en');
    expect(i18n.t(deductionTagKey('dirt', applied), { value: 5 })).toBe('−5 % not applied (only the largest counts)');
    expect(i18n.t('report.summary.deductionRule', { value: 10, name: 'Plagas', count: 1 })).toBe('Deduction applied: −10 % (Plagas).');
  });
});
