import { describe, expect, it } from 'vitest';
import { detectDelimiter, normalizeHeader, outOfLimits, parseLabCsv, parseLabDay, splitCsv } from './lab-data-csv.js';
import {
  LAB_INCIDENT_STATUSES,
  ZLabReportInput,
  isWithinLimits,
  labCategoriesFor,
  labTransitionsFrom,
  mayMoveLabIncident,
  organismOf,
  qualificationOf,
  type TLabIncidentStatus,
} from './lab-data.js';

describe('the lab incident machine, transition by transition (decision 0044)', () => {
  const allowed: [TLabIncidentStatus, TLabIncidentStatus][] = [
    ['DRAFT', 'RUNNING'],
    ['RUNNING', 'SOLVED'],
    ['RUNNING', 'DRAFT'],
    ['SOLVED', 'RUNNING'],
  ];
  for (const from of LAB_INCIDENT_STATUSES) {
    for (const to of LAB_INCIDENT_STATUSES) {
      const expected = allowed.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to}: ${expected ? 'allowed' : 'refused'}`, () => {
        expect(mayMoveLabIncident(from, to)).toBe(expected);
        expect(labTransitionsFrom(from).includes(to)).toBe(expected);
      });
    }
  }
  it('a draft is never solved without being opened first', () => expect(mayMoveLabIncident('DRAFT', 'SOLVED')).toBe(false));
});

describe('limits, qualification and score', () => {
  it('a value on a limit is within it; a missing limit does not bind', () => {
    expect(isWithinLimits({ value: 100, minValue: null, maxValue: 100 })).toBe(true);
    expect(isWithinLimits({ value: 100.01, minValue: null, maxValue: 100 })).toBe(false);
    expect(isWithinLimits({ value: 6.9, minValue: 7.2, maxValue: 8 })).toBe(false);
    expect(isWithinLimits({ value: -5, minValue: null, maxValue: null })).toBe(true);
  });
  it('the report qualifies when every result does; the score is the qualified share', () => {
    expect(qualificationOf([])).toEqual({ qualified: true, score: null });
    expect(
      qualificationOf([
        { value: 1, minValue: null, maxValue: 2 },
        { value: 3, minValue: null, maxValue: 2 },
        { value: 0, minValue: 0, maxValue: 0 },
      ]),
    ).toEqual({ qualified: false, score: 67 });
  });
  it('result codes name organisms; unknown codes name none', () => {
    expect(organismOf('LEG')).toBe('Legionella pneumophila');
    expect(organismOf('XXX')).toBeNull();
    expect(organismOf('toString')).toBeNull();
  });
  it('labDataAccess: empty means every category', () => {
    expect(labCategoriesFor([])).toEqual(['food', 'pool', 'legionella', 'others']);
    expect(labCategoriesFor(['labDataPool'])).toEqual(['pool']);
  });
  it('the input refuses a minimum above the maximum and an impossible day', () => {
    const base = { category: 'pool', number: 'R-1', space: '00000000-0000-4000-8000-000000000000', extractionDate: '2026-02-30' };
    expect(ZLabReportInput.safeParse(base).success).toBe(false);
    expect(
      ZLabReportInput.safeParse({ ...base, extractionDate: '2026-02-28', results: [{ parameter: 'pH', value: 7, minValue: 8, maxValue: 7 }] }).success,
    ).toBe(false);
    expect(
      ZLabReportInput.safeParse({ ...base, extractionDate: '2026-02-28', results: [{ parameter: 'pH', value: 7, minValue: 7, maxValue: 8 }] }).success,
    ).toBe(true);
  });
});

describe('the CSV of a laboratory', () => {
  it('reads Spanish headers, semicolons, comma decimals and European days', () => {
    const csv =
      '\uFEFFNº de informe;Fecha de extracción;Código;Punto de muestreo;Parámetro;Valor;Unidad;Mínimo;Máximo\r\n' +
      'L-1;03/02/2026;LEG;Torre;Legionella;1200;UFC/L;;1000\r\n' +
      'L-1;03/02/2026;LEG;Torre;Temperatura;"52,5";ºC;50;\r\n';
    const parsed = parseLabCsv(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.reports).toEqual([
      {
        row: 2,
        number: 'L-1',
        extractionDate: '2026-02-03',
        resultCode: 'LEG',
        measuringPoint: 'Torre',
        results: [
          { row: 2, parameter: 'Legionella', value: 1200, unit: 'UFC/L', minValue: null, maxValue: 1000 },
          { row: 3, parameter: 'Temperatura', value: 52.5, unit: 'ºC', minValue: 50, maxValue: null },
        ],
      },
    ]);
    expect(outOfLimits(parsed.reports[0]!)).toBe(1);
  });
  it('reads English headers with commas and quoted comma decimals', () => {
    const parsed = parseLabCsv('Report number,Extraction date,Parameter,Value,Min,Max\nP-7,2026-03-01,pH,"7,4",7.2,8\nP-8,2026-03-01,Chlorine,0.4,0.5,2\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.reports.map((r) => [r.number, r.results[0]!.value])).toEqual([
      ['P-7', 7.4],
      ['P-8', 0.4],
    ]);
  });
  it('names each broken row and field', () => {
    const parsed = parseLabCsv(
      'Informe;Fecha;Parámetro;Valor;Mínimo;Máximo;Código\n' +
        'A;2026-01-01;pH;siete;;;\n' +
        'B;31/02/2026;pH;7;;;\n' +
        'C;2026-01-01;;7;9;8;Z-Z\n' + // malformed: whether a well-formed code exists is the server's check (decision 0053)
        'D;2026-01-01;pH;1e9;;;\n' +
        'E;2026-01-01;pH;7;;;\n' +
        'E;2026-01-02;Cl;1;;;\n',
    );
    expect(parsed.errors).toEqual([
      { row: 2, field: 'value', problem: 'notNumber' },
      { row: 3, field: 'extractionDate', problem: 'notDay' },
      { row: 4, field: 'parameter', problem: 'required' },
      { row: 4, field: 'maxValue', problem: 'limits' },
      { row: 4, field: 'resultCode', problem: 'unknownCode' },
      { row: 5, field: 'value', problem: 'notNumber' },
      { row: 7, field: 'extractionDate', problem: 'inconsistent' },
    ]);
    expect(parsed.reports.map((r) => r.number)).toEqual(['E']);
  });
  it('a file without the required columns or without rows says so', () => {
    expect(parseLabCsv('Informe;Valor\nA;1\n').errors).toEqual([
      { row: 1, field: 'extractionDate', problem: 'missingColumn' },
      { row: 1, field: 'parameter', problem: 'missingColumn' },
    ]);
    expect(parseLabCsv('Informe;Fecha;Parámetro;Valor\n').errors).toEqual([{ row: 1, field: 'file', problem: 'empty' }]);
  });
  it('helpers: headers, delimiters, quotes, days', () => {
    expect(normalizeHeader('Fecha de Extracción')).toBe('fechadeextraccion');
    expect(detectDelimiter('a,b,c\n1;2')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(splitCsv('"a ""q""";"b;c"\n\n1;2', ';')).toEqual([
      ['a "q"', 'b;c'],
      ['1', '2'],
    ]);
    expect(parseLabDay('1/2/2026')).toBe('2026-02-01');
    expect(parseLabDay('2026-13-01')).toBeNull();
  });
});
