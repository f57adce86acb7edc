import { isWithinLimits, parseMeasure, type TRegisterItemOut } from '@audit/domain/registers';
import type { TOperation } from '@audit/domain/templates';

/** Formatting of the log: days, numbers with the reader's decimal sign, units, limits. */
const UNIT_SYMBOLS: Record<string, string> = {
  celsius: '°C',
  fahrenheit: '°F',
  chlorine: 'mg/l',
  co2: 'ppm CO₂',
  atp: 'RLU',
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  m2: 'm²',
  m3: 'm³',
  ph: 'pH',
  ppm: 'ppm',
};
export const unitSymbol = (unit: string | null) => (unit ? (UNIT_SYMBOLS[unit] ?? '') : '');

/** "27/11" from "2026-11-27". */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export const localNumber = (value: number, language: string) => {
  const text = String(value);
  return language.startsWith('es') ? text.replace('.', ',') : text;
};

/** A stored value as shown: numbers with the reader's decimal sign and the param's unit. */
export function valueText(param: TRegisterItemOut | undefined, value: unknown, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return `${localNumber(value, language)}${param?.unit ? ` ${unitSymbol(param.unit)}` : ''}`.trim();
  return String(value);
}

/** The limits of a number param as the interpolation values of `registerLogs.limits.<operation>`. */
export function limitsOf(param: TRegisterItemOut, language: string) {
  const unit = unitSymbol(param.unit);
  const show = (n: number | null) => (n === null ? '' : `${localNumber(n, language)}${unit ? ` ${unit}` : ''}`);
  return { operation: (param.operation ?? 'noFormat') as TOperation, min: show(param.min), max: show(param.max) };
}

/** Whether a typed value ("3,5") is outside the param's limits: null while it is not a number. */
export function typedOutOfRange(param: TRegisterItemOut, typed: string): boolean | null {
  if (param.fieldType !== 'number') return null;
  const value = parseMeasure(typed);
  if (value === null) return null;
  return !isWithinLimits({ operation: param.operation as TOperation | null, min: param.min, max: param.max }, value);
}
