import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatStoredDay } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { completeSheet, entryKey, readLogSheet, type TLogSheet } from './log-sheet.js';
import { limitsText, logLabels } from './pdf/labels.js';

/**
 * The log as an Excel workbook (decision 0037): one row per facility and take of the range, a
 * column per param, then the marks (out of range, late, repeated), who entered it and when. Made
 * with exceljs's streaming writer: rows leave as they are written, so an annual log of 50
 * facilities (18,000 rows) never sits whole in memory as a workbook.
 */
const FILL = {
  outOfRange: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE2E1' } },
  repeated: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFE3FB' } },
  late: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE7BA' } },
  header: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF6' } },
} as const;

/** Excel cannot hold these in a cell (XML 1.0): a value typed with them is kept readable. */
const cellText = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/g, '\ufffd');

function writeSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: TLogSheet, language: string) {
  const l = logLabels(language);
  const ws = workbook.addWorksheet(l.register.slice(0, 31));
  const params = sheet.params;
  ws.columns = [
    { header: l.date, width: 12 },
    { header: l.take, width: 6 },
    { header: l.establishment, width: 22 },
    { header: l.facility, width: 22 },
    ...params.map((p) => {
      const limits = limitsText(p, language);
      return { header: cellText(limits ? `${p.name} (${limits})` : p.name), width: p.fieldType === 'text' ? 30 : 14 };
    }),
    { header: l.outOfRange, width: 12 },
    { header: l.late, width: 12 },
    { header: l.repeated, width: 12 },
    { header: l.completed, width: 12 },
    { header: l.reason, width: 24 },
    { header: l.enteredBy, width: 22 },
    { header: l.enteredAt, width: 18 },
  ];
  const headerRow = ws.getRow(1);
  headerRow.font = { bold: true };
  headerRow.eachCell((c) => (c.fill = FILL.header));
  headerRow.commit();
  const yes = l.yes;
  for (const period of sheet.periods) {
    for (const take of period.takes) {
      for (const f of sheet.facilities) {
        const e = sheet.entries.get(entryKey(f.id, take.slot, take.take));
        const values = params.map((p) => {
          const v = e?.values.get(p.id)?.value ?? null;
          return typeof v === 'string' ? cellText(v) : v;
        });
        const marks = params.map((p) => e?.values.get(p.id));
        const row = ws.addRow([
          formatStoredDay(take.slot),
          take.take,
          cellText(f.establishment),
          cellText(f.name),
          ...values,
          marks.some((m) => m?.outOfRange) ? yes : '',
          e?.late ? yes : '',
          marks.some((m) => m?.repeated) ? yes : '',
          e?.completed ? yes : '',
          e?.reason ? cellText(e.reason) : '',
          e ? cellText(e.enteredBy) : '',
          e ? e.enteredAt : null,
        ]);
        marks.forEach((m, i) => {
          const cell = row.getCell(5 + i);
          if (m?.outOfRange) cell.fill = FILL.outOfRange;
          else if (m?.repeated) cell.fill = FILL.repeated;
        });
        if (e?.late) row.getCell(5 + params.length + 1).fill = FILL.late;
        if (e) row.getCell(5 + params.length + 6).numFmt = 'dd/mm/yyyy hh:mm';
        row.commit();
      }
    }
  }
  ws.commit();
}

/** Reads the log in the caller's scope, then streams the workbook; the name is the register's. */
export async function logWorkbook(
  ctx: TModuleContext,
  caller: TAuth,
  id: string,
  input: { date?: string; annual: boolean; take?: number | null; language?: string; repeatTakes?: number },
) {
  const read = await scoped(ctx, caller, (tx) => readLogSheet(tx, caller, id, input));
  const sheet = await completeSheet(ctx, read, input.repeatTakes);
  const language = input.language ?? (caller.language === 'en' ? 'en' : 'es');
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  // Written after the caller starts reading the stream, so a large workbook flows out as it is made.
  setImmediate(() => {
    try {
      writeSheet(workbook, sheet, language);
      workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
    } catch (error) {
      stream.destroy(error as Error);
    }
  });
  return { stream, name: `${sheet.register.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 120)} ${sheet.range[0]}_${sheet.range[1]}.xlsx` };
}
