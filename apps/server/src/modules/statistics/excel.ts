import ExcelJS from 'exceljs';
import type { TLabels } from './labels.js';
import { viewsOf } from './sheets.js';
import type { TReportData } from './service.js';

/**
 * statistics-excel: a workbook with a sheet per view, in the user's language (decision 0078). The
 * figures are aggregates (a few hundred rows at most), so the workbook is built in memory; the
 * streaming writer (platform/xlsx-stream.ts) is for the row-by-row list exports.
 */
export async function statisticsWorkbook(data: TReportData, labels: TLabels): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const view of viewsOf(data, labels)) {
    const sheet = book.addWorksheet(view.title.slice(0, 31));
    sheet.addRow(view.headers).font = { bold: true };
    for (const row of view.rows) sheet.addRow(row);
    sheet.columns.forEach((column) => (column.width = 24));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
