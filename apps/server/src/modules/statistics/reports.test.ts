import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { statisticsWorld, type TStatisticsWorld, AUDITS, YEAR } from './test/fixture.js';

let t: TTestApp;
let w: TStatisticsWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await statisticsWorld(t);
});
afterAll(() => t.close());

/** As the admin (Spanish), or as a user whose language is English. */
const post = (url: string, body: object, language?: 'en') =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${language ? w.enToken : w.adminToken}` } });

describe('statistics-excel', () => {
  it('is a workbook with a sheet per view in the user’s language, with the same figures', async () => {
    const res = await post(`${AUDITS}/statistics-excel`, YEAR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Benchmark', 'Incidencias por riesgo', 'Incidencias por tipo', 'Evolución mensual']);
    const summary = book.getWorksheet('Resumen')!;
    expect(summary.getRow(2).values).toEqual([undefined, 'Auditorías', 3]);
    expect(summary.getRow(3).values).toEqual([undefined, 'Puntuación media (%)', 78.33]);
    expect(book.getWorksheet('Evolución mensual')!.getRow(3).values).toEqual([undefined, '2025-02', 2, 77.5, 3]);
  });

  it('speaks English to an English user', async () => {
    const res = await post(`${AUDITS}/statistics-excel`, YEAR, 'en');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    expect(book.worksheets[0]!.name).toBe('Summary');
    expect(res.headers['content-disposition']).toContain('statistics.xlsx');
  });

  it('is 832 when the range holds nothing', async () => {
    const res = await post(`${AUDITS}/statistics-excel`, { from: '2030-01-01', to: '2030-02-01' });
    expect(res.statusCode).toBe(404);
    expect(res.json().reference).toBe('832');
  });
});

describe('categorization-pdf', () => {
  it('is a PDF made at once', async () => {
    const res = await post(`${AUDITS}/categorization-pdf`, YEAR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toContain('categorizacion.pdf');
  });
});
