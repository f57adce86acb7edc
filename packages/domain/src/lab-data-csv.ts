import { boundProblem, parseTypedNumber } from './bounds.js';
import { isCalendarDay } from './dates.js';
import { LAB_RESULT_CODE_FORMAT, LAB_RESULTS_MAX, LAB_TEXT_MAX, LAB_VALUE_BOUND, isWithinLimits } from './lab-data.js';

/**
 * A laboratory's CSV export (decision 0044): one row per result, grouped into reports by the
 * report number. Headers in Spanish or English (accents, case and punctuation ignored); `;`, `,`
 * or tab separated (whichever the header uses most); comma or point decimals; days as YYYY-MM-DD
 * or DD/MM/YYYY. Pure: every problem is a row error, nothing throws.
 */

export const LAB_CSV_FIELDS = ['number', 'extractionDate', 'resultCode', 'measuringPoint', 'parameter', 'value', 'unit', 'minValue', 'maxValue'] as const;
export type TLabCsvField = (typeof LAB_CSV_FIELDS)[number];
const REQUIRED: TLabCsvField[] = ['number', 'extractionDate', 'parameter', 'value'];
export const LAB_CSV_MAX_ROWS = 5000;

const HEADERS: Record<TLabCsvField, string[]> = {
  number: ['numerodeinforme', 'ndeinforme', 'numinforme', 'informe', 'reportnumber', 'reportno', 'report'],
  extractionDate: ['fechadeextraccion', 'fechaextraccion', 'fechademuestreo', 'fecha', 'extractiondate', 'samplingdate', 'date'],
  resultCode: ['codigoderesultado', 'codigoresultado', 'codigo', 'resultcode', 'code'],
  measuringPoint: ['puntodemuestreo', 'puntodemedida', 'puntodemedicion', 'measuringpoint', 'samplingpoint'],
  parameter: ['parametro', 'parameter'],
  value: ['valor', 'resultado', 'value', 'result'],
  unit: ['unidad', 'unidades', 'unit', 'units'],
  minValue: ['minimo', 'limiteinferior', 'limitemin', 'min', 'minimum', 'lowerlimit'],
  maxValue: ['maximo', 'limitesuperior', 'limitemax', 'max', 'maximum', 'upperlimit'],
};

/** "Nº de informe" → "ndeinforme": accents, case, spaces and punctuation away. */
export const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/º/g, '')
    .replace(/[^a-z0-9]/g, '');

const fieldOfHeader = (text: string): TLabCsvField | null => {
  const key = normalizeHeader(text);
  return LAB_CSV_FIELDS.find((f) => HEADERS[f].includes(key)) ?? null;
};

/** Splits CSV text into records (quotes, doubled quotes, CR LF). */
export function splitCsv(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else cell += ch;
  }
  if (cell !== '' || record.length) endRecord();
  return records.filter((r) => r.some((c) => c.trim() !== ''));
}

/** The delimiter the header line uses most (`;` when tied: comma decimals make `,` ambiguous). */
export function detectDelimiter(text: string): string {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => first.split(d).length - 1;
  return [';', ',', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ';');
}

/** A day as YYYY-MM-DD from YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY; null when not a calendar day. */
export function parseLabDay(text: string): string | null {
  const t = text.trim();
  const eu = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const day = eu ? `${eu[3]}-${eu[2]!.padStart(2, '0')}-${eu[1]!.padStart(2, '0')}` : t;
  return isCalendarDay(day) ? day : null;
}

export interface TLabCsvRowError {
  /** The line of the file (the header is line 1). */
  row: number;
  field: TLabCsvField | 'header' | 'file';
  problem:
    | 'required'
    | 'notNumber'
    | 'outOfRange'
    | 'notDay'
    | 'unknownCode'
    | 'tooLong'
    | 'limits'
    | 'inconsistent'
    | 'missingColumn'
    | 'tooManyRows'
    | 'tooManyResults'
    | 'empty'
    | 'notWorkbook'
    | 'unknownPoint'
    | 'duplicate';
}

export interface TLabCsvResult {
  row: number;
  parameter: string;
  value: number;
  unit: string | null;
  minValue: number | null;
  maxValue: number | null;
}

export interface TLabCsvReport {
  row: number;
  number: string;
  extractionDate: string;
  resultCode: string | null;
  measuringPoint: string | null;
  results: TLabCsvResult[];
}

export interface TLabCsvParsed {
  reports: TLabCsvReport[];
  rows: number;
  errors: TLabCsvRowError[];
}

export function parseLabCsv(text: string): TLabCsvParsed {
  const body = text.replace(/^\uFEFF/, '');
  return parseLabRecords(splitCsv(body, detectDelimiter(body)));
}

/**
 * The rows of a file already split into cells (a CSV's records, or an Excel sheet's rows as text):
 * the header row first. The same checks and row errors whatever the file was.
 */
export function parseLabRecords(all: string[][]): TLabCsvParsed {
  const records = all.filter((r) => r.some((c) => c.trim() !== ''));
  const errors: TLabCsvRowError[] = [];
  if (records.length < 2) return { reports: [], rows: 0, errors: [{ row: 1, field: 'file', problem: 'empty' }] };
  const columns = records[0]!.map(fieldOfHeader);
  const missing = REQUIRED.filter((f) => !columns.includes(f));
  if (missing.length) return { reports: [], rows: records.length - 1, errors: missing.map((f) => ({ row: 1, field: f, problem: 'missingColumn' as const })) };
  if (records.length - 1 > LAB_CSV_MAX_ROWS) return { reports: [], rows: records.length - 1, errors: [{ row: 1, field: 'file', problem: 'tooManyRows' }] };

  const byNumber = new Map<string, TLabCsvReport>();
  records.slice(1).forEach((cells, index) => {
    const row = index + 2;
    const cell = (f: TLabCsvField) => {
      const at = columns.indexOf(f);
      return at < 0 ? '' : (cells[at] ?? '').trim();
    };
    const fail = (field: TLabCsvRowError['field'], problem: TLabCsvRowError['problem']) => errors.push({ row, field, problem });
    const before = errors.length;
    for (const f of REQUIRED) if (!cell(f)) fail(f, 'required');
    for (const f of ['number', 'parameter', 'measuringPoint', 'unit'] as const)
      if (cell(f).length > (f === 'unit' ? 40 : f === 'number' ? 60 : LAB_TEXT_MAX)) fail(f, 'tooLong');
    const num = (f: 'value' | 'minValue' | 'maxValue') => {
      if (!cell(f)) return null;
      const n = parseTypedNumber(cell(f));
      if (n === null || Number.isNaN(n)) return (fail(f, 'notNumber'), null);
      if (boundProblem(n, LAB_VALUE_BOUND)) return (fail(f, 'outOfRange'), null);
      return n;
    };
    const value = num('value');
    const minValue = num('minValue');
    const maxValue = num('maxValue');
    if (minValue !== null && maxValue !== null && minValue > maxValue) fail('maxValue', 'limits');
    const day = cell('extractionDate') ? parseLabDay(cell('extractionDate')) : null;
    if (cell('extractionDate') && !day) fail('extractionDate', 'notDay');
    const code = cell('resultCode').toUpperCase() || null;
    if (code && !LAB_RESULT_CODE_FORMAT.test(code)) fail('resultCode', 'unknownCode');
    if (errors.length > before) return;

    const number = cell('number');
    const point = cell('measuringPoint') || null;
    let report = byNumber.get(number);
    if (!report) byNumber.set(number, (report = { row, number, extractionDate: day!, resultCode: code, measuringPoint: point, results: [] }));
    else if (report.extractionDate !== day || report.measuringPoint !== point || (code && report.resultCode && code !== report.resultCode)) {
      return fail(report.extractionDate !== day ? 'extractionDate' : report.measuringPoint !== point ? 'measuringPoint' : 'resultCode', 'inconsistent');
    }
    report.resultCode ??= code;
    if (report.results.length >= LAB_RESULTS_MAX) return fail('parameter', 'tooManyResults');
    report.results.push({ row, parameter: cell('parameter'), value: value!, unit: cell('unit') || null, minValue, maxValue });
  });
  return { reports: [...byNumber.values()], rows: records.length - 1, errors };
}

/** Results of a parsed report outside their limits (the preview's count; the import raises an incident for each). */
export const outOfLimits = (report: Pick<TLabCsvReport, 'results'>) => report.results.filter((r) => !isWithinLimits(r)).length;
