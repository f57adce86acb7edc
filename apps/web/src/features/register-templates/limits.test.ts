import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { translations } from '../../i18n/translations/all';
import { limitsText } from './limits';

/** The accepted range of a number param in words, in both languages (decimal comma in Spanish). */
describe('limitsText', () => {
  it('says the range of each operation with the unit, and nothing without limits', () => {
    i18n.addResourceBundle('es', 'translation', translations.es, true, true);
    i18n.addResourceBundle('en', 'translation', translations.en, true, true);
    const es = i18n.getFixedT('es');
    const en = i18n.getFixedT('en');
    const temperature = { fieldType: 'number', unit: 'celsius', operation: 'between', min: 0, max: 5 };
    expect(limitsText(es, 'es', temperature)).toBe('entre 0 °C y 5 °C');
    expect(limitsText(en, 'en', temperature)).toBe('between 0 °C and 5 °C');
    expect(limitsText(es, 'es', { fieldType: 'number', unit: 'ph', operation: 'greaterThan', min: 7.2 })).toBe('mayor que 7,2 pH');
    expect(limitsText(en, 'en', { fieldType: 'number', unit: 'others', operation: 'lessThan', max: 3 })).toBe('less than 3');
    expect(limitsText(es, 'es', { fieldType: 'number', unit: 'celsius', operation: 'noFormat' })).toBeNull();
    expect(limitsText(es, 'es', { fieldType: 'text', operation: 'between', min: 0, max: 5 })).toBeNull();
  });
});
