import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

const BOM = '\uFEFF';

describe('a chart’s CSV', () => {
  it('in Spanish: ";" between fields, a decimal comma, the server’s 2 decimals kept', () => {
    const csv = toCsv(
      ['Establecimiento', 'Auditorías', 'Puntuación media (%)'],
      [
        ['Hotel Mar Azul', 3, 87.25],
        ['Cocina; sala', 1, null],
      ],
      'es',
    );
    expect(csv).toBe(`${BOM}Establecimiento;Auditorías;Puntuación media (%)\r\nHotel Mar Azul;3;87,25\r\n"Cocina; sala";1;\r\n`);
  });

  it('in English: "," between fields and a decimal point', () => {
    expect(toCsv(['Establishment', 'Audits', 'Average score (%)'], [['Hotel, Sea', 2, 90.5]], 'en')).toBe(
      `${BOM}Establishment,Audits,Average score (%)\r\n"Hotel, Sea",2,90.5\r\n`,
    );
  });

  it('quotes quotes and line breaks, and keeps a formula-looking text as text', () => {
    const csv = toCsv(['Name'], [['Say "hi"'], ['two\nlines'], ['=HYPERLINK("x")'], ['-5 kg'], ['@sum']], 'en');
    expect(csv.split('\r\n').slice(1, -1)).toEqual(['"Say ""hi"""', '"two\nlines"', `"'=HYPERLINK(""x"")"`, "'-5 kg", "'@sum"]);
    // Numbers are numbers, negative ones too.
    expect(
      toCsv(['n'], [[-5], [Number.NaN]], 'en')
        .split('\r\n')
        .slice(1, -1),
    ).toEqual(['-5', '']);
  });
});
