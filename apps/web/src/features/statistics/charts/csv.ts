/**
 * The CSV of a chart's rows, built in the browser from the same rows the chart draws (decision
 * 0079): the headers in the user's language; Spanish files use ';' between fields and a decimal
 * comma (what a Spanish spreadsheet opens into columns), English ones ',' and a decimal point.
 * Numbers are written as the server answered them (2 decimals at most), not as the chart rounds them.
 */
export type TCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: TCell, separator: string, decimal: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', decimal) : '';
  // A text a spreadsheet would run as a formula (a name starting with "=") is kept as text.
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly TCell[])[], language: string): string {
  const spanish = language.startsWith('es');
  const separator = spanish ? ';' : ',';
  const decimal = spanish ? ',' : '.';
  const lines = [headers, ...rows].map((row) => row.map((value) => cell(value, separator, decimal)).join(separator));
  // The byte-order mark makes a spreadsheet read the accents as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves the text as a .csv file. */
export function saveCsv(text: string, name: string) {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href, download: name.endsWith('.csv') ? name : `${name}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
