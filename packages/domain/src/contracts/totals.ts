import { IVA_GROUPS, type TIvaGroup } from '../constants.js';

/**
 * The money of a service contract, computed once here for the server and the web (decision 0083).
 * Everything is whole euro cents, so no sum ever drifts: a line's net is quantity × unit price; its
 * IVA is the net times the group's rate, rounded half up to the cent PER LINE (the line is what an
 * invoice prints, and each line's IVA must add up to the total shown); the contract's totals are the
 * sums of the lines. Quantities are whole numbers and amounts never negative (the schemas refuse it).
 */
export interface TContractLineAmounts {
  quantity: number;
  unitPriceCents: number;
  groupIva: TIvaGroup;
}

export interface TLineTotals {
  netCents: number;
  ivaCents: number;
  totalCents: number;
}

export interface TContractTotals extends TLineTotals {
  lines: TLineTotals[];
  /** Net and IVA per IVA group that has lines (typeA, typeB, typeC order). */
  byGroup: { groupIva: TIvaGroup; percentage: number; netCents: number; ivaCents: number }[];
}

/** Euros (at most two decimals, as typed) to whole cents: 19.99 → 1999, never 1998.9999. */
export const toCents = (euros: number) => Math.round(euros * 100);
/** Whole cents back to euros for the wire and display: 1999 → 19.99. */
export const toEuros = (cents: number) => cents / 100;

/** `value × percentage / 100` rounded half up to the cent (value ≥ 0): integer arithmetic only. */
export const percentOfCents = (cents: number, percentage: number) => Math.floor((cents * percentage + 50) / 100);

export function lineTotals(line: TContractLineAmounts): TLineTotals {
  if (!Number.isInteger(line.quantity) || line.quantity < 0 || !Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
    throw new RangeError('a contract line needs a whole, non-negative quantity and price in cents');
  }
  const netCents = line.quantity * line.unitPriceCents;
  const ivaCents = percentOfCents(netCents, IVA_GROUPS[line.groupIva]);
  return { netCents, ivaCents, totalCents: netCents + ivaCents };
}

export function contractTotals(lines: readonly TContractLineAmounts[]): TContractTotals {
  const each = lines.map(lineTotals);
  const sum = (key: keyof TLineTotals, of: TLineTotals[] = each) => of.reduce((total, l) => total + l[key], 0);
  const byGroup = (Object.keys(IVA_GROUPS) as TIvaGroup[]).flatMap((groupIva) => {
    const mine = each.filter((_, i) => lines[i]!.groupIva === groupIva);
    return mine.length ? [{ groupIva, percentage: IVA_GROUPS[groupIva], netCents: sum('netCents', mine), ivaCents: sum('ivaCents', mine) }] : [];
  });
  return { netCents: sum('netCents'), ivaCents: sum('ivaCents'), totalCents: sum('totalCents'), lines: each, byGroup };
}

/** 123456 → "1.234,56 €" (es) or "€1,234.56" (en): whole cents written out digit by digit, never through a float sum. */
export function formatCents(cents: number, language: string) {
  const abs = Math.abs(Math.round(cents));
  const en = language === 'en';
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, en ? ',' : '.');
  const decimals = String(abs % 100).padStart(2, '0');
  const sign = cents < 0 ? '-' : '';
  return en ? `${sign}€${whole}.${decimals}` : `${sign}${whole},${decimals} €`;
}
