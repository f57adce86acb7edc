import type { Page } from '@playwright/test';
import { pick } from './helpers';

/** DD{sep}MM{sep}YYYY of a local date, as the lab screens type and read it. */
export const ddmmyyyy = (d: Date, sep: string) =>
  [d.getDate(), d.getMonth() + 1]
    .map((n) => String(n).padStart(2, '0'))
    .concat(String(d.getFullYear()))
    .join(sep);

export interface TLabResultSpec {
  parameter: string;
  /** As typed, with the Spanish decimal comma. */
  value: string;
  unit?: string;
  min?: string;
  max?: string;
}
export interface TLabReportSpec {
  number: string;
  extractionDate: Date;
  /** The place's option, 'Client › Establishment'. */
  establishment: string;
  /** The start of the code's option ('LEG'). */
  code: string;
  results: TLabResultSpec[];
}

/**
 * Opens a lab list's new report form (the list is open) and fills it by hand: number, extraction
 * date, establishment, organism and its results with their limits. It is not saved: the caller
 * looks at it first.
 */
export async function fillLabReport(page: Page, spec: TLabReportSpec) {
  await page.getByTestId('list-add').click({ timeout: 30_000 });
  const form = page.getByTestId('lab-report-form');
  await form.getByLabel(/nº de informe|report number/i).fill(spec.number);
  await form.getByTestId('lab-extraction-date').click();
  await page.keyboard.type(ddmmyyyy(spec.extractionDate, '-'));
  await page.keyboard.press('Enter');
  await pick(page, form.getByLabel(/^establecimiento$|^establishment$/i), spec.establishment);
  await pick(page, form.getByLabel(/código · organismo|code · organism/i), spec.code);
  for (const [i, result] of spec.results.entries()) {
    const n = i + 1;
    if (i > 0) await page.getByTestId('lab-add-result').click();
    await form.getByLabel(new RegExp(`^parámetro ${n}$|^parameter ${n}$`, 'i')).fill(result.parameter);
    await form.getByLabel(new RegExp(`^valor ${n}$|^value ${n}$`, 'i')).fill(result.value);
    if (result.unit) await form.getByLabel(new RegExp(`^unidad ${n}$|^unit ${n}$`, 'i')).fill(result.unit);
    if (result.min) await form.getByLabel(new RegExp(`^mínimo ${n}$|^minimum ${n}$`, 'i')).fill(result.min);
    if (result.max) await form.getByLabel(new RegExp(`^máximo ${n}$|^maximum ${n}$`, 'i')).fill(result.max);
  }
  return form;
}
