import type { TFunction } from 'i18next';
import { numberText } from '../../ui/NumberField';

/** The limits of a number param as a reader says them: "between 0 and 5 °C", "greater than 3 pH". */
export function limitsText(
  t: TFunction,
  language: string,
  item: { fieldType?: string | null; unit?: string | null; operation?: string | null; min?: number | null; max?: number | null },
): string | null {
  if (item.fieldType !== 'number' || !item.operation || item.operation === 'noFormat') return null;
  // 'others' has no symbol: the number stands alone.
  const unit = item.unit && item.unit !== 'others' ? t(`registerTemplates.unitSymbol.${item.unit}`) : '';
  const n = (value: number | null | undefined) => `${numberText(value ?? null, language)}${unit ? ` ${unit}` : ''}`;
  if (item.operation === 'between') {
    if (item.min == null || item.max == null) return null;
    return t('registerTemplates.limits.between', { min: n(item.min), max: n(item.max) });
  }
  const value = item.operation === 'lessThan' ? item.max : item.min;
  if (value == null) return null;
  return t(`registerTemplates.limits.${item.operation}`, { value: n(value) });
}
