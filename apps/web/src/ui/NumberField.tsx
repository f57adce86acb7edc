import { useState, type CSSProperties, type ReactNode } from 'react';
import { Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { boundProblem, formatBound, parseTypedNumber, type TBound } from '@audit/domain/bounds';
import i18n from '../i18n';

/** A number as shown in the field: the comma of Spanish, the point of English, never an exponent. */
export function numberText(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const text = value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  return language.startsWith('es') ? text.replace('.', ',') : text;
}

interface TProps {
  value?: number | null;
  /** The typed number; NaN while the text is not a number ("1e9", "12a"), so the form says so instead of keeping the old value. */
  onChange?: (value: number | null) => void;
  id?: string;
  suffix?: ReactNode;
  style?: CSSProperties;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A number input for forms that never changes what was typed: no clamping to the bounds, no
 * silent revert of text it cannot read; `numberRules` says what is wrong before saving.
 */
export function NumberField({ value, onChange, ...rest }: TProps) {
  const { i18n: current } = useTranslation();
  const [draft, setDraft] = useState(() => numberText(value, current.language));
  // A value set from outside (the form's initial values, a reset) replaces the draft.
  const parsed = parseTypedNumber(draft);
  const same = (parsed === null && (value === null || value === undefined)) || (Number.isNaN(parsed) && Number.isNaN(value)) || parsed === value;
  const shown = same ? draft : numberText(value, current.language);
  return (
    <Input
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      onChange={(e) => {
        setDraft(e.target.value);
        onChange?.(parseTypedNumber(e.target.value));
      }}
    />
  );
}

/** "Between 0 and 100" under the field, in the reader's language. */
export function boundHint(bound: TBound): string {
  return i18n.t('form.numberRange', formatBound(bound, i18n.language));
}

/** The form rules of a bounded number (decision 0026): the same bounds the server's schema checks. */
export function numberRules(bound: TBound, { required = false }: { required?: boolean } = {}): Rule[] {
  return [
    {
      validator: (_rule, value: number | null | undefined) => {
        const t = i18n.t.bind(i18n);
        if (value === null || value === undefined) return required ? Promise.reject(new Error(t('form.required'))) : Promise.resolve();
        const problem = boundProblem(value, bound);
        const { min, max } = formatBound(bound, i18n.language);
        if (!problem) return Promise.resolve();
        const text =
          problem === 'notNumber'
            ? t('form.numberInvalid')
            : problem === 'tooSmall'
              ? t('form.numberTooSmall', { min })
              : problem === 'tooLarge'
                ? t('form.numberTooLarge', { max })
                : bound.decimals === 0
                  ? t('form.numberInteger')
                  : t('form.numberDecimals', { count: bound.decimals });
        return Promise.reject(new Error(text));
      },
    },
  ];
}

/** A text's length rule that names the limit and the count (the input shows the count and never cuts what is typed or pasted). */
export function maxLengthRule(max: number): Rule {
  return {
    validator: (_rule, value: string | null | undefined) =>
      (value ?? '').length > max ? Promise.reject(new Error(i18n.t('form.tooLong', { max, count: (value ?? '').length }))) : Promise.resolve(),
  };
}

/** The count shown in a text input: "12 / 200", red beyond the limit, nothing cut (antd's `maxLength` would truncate silently). */
export const lengthCount = (max: number) => ({ show: true, max });
