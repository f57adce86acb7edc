import ExcelJS from 'exceljs';
import { LAB_CSV_MAX_ROWS } from '@audit/domain/lab-data-csv';

/**
 * A laboratory's Excel workbook (.xlsx) read into the rows the CSV reader takes (decision 0053): the
 * first sheet, every cell as text (days as YYYY-MM-DD, numbers with a point). Null when the file is
 * not a workbook, or would unpack to more than UNPACKED_MAX (a zip bomb is refused before it is read).
 */

/** Unpacked bytes a 1 MB workbook may claim: a 5,000-row sheet is a few MB. */
const UNPACKED_MAX = 40 * 1024 * 1024;
/** Columns read: the nine the import knows, with room for a laboratory's extra ones. */
const COLUMNS_MAX = 60;

/** The sum of the sizes a zip's central directory declares for its entries; null when it is no zip. */
export function declaredUnpackedSize(zip: Buffer): number | null {
  // End of central directory: signature 0x06054b50, at most 64 KB of comment after it.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) !== 0x06054b50) continue;
    const entries = zip.readUInt16LE(at + 10);
    let entry = zip.readUInt32LE(at + 16);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (entry + 46 > zip.length || zip.readUInt32LE(entry) !== 0x02014b50) return null;
      const size = zip.readUInt32LE(entry + 24);
      // A ZIP64 entry (0xffffffff) declares more than anything a laboratory sends.
      total += size === 0xffffffff ? Infinity : size;
      entry += 46 + zip.readUInt16LE(entry + 28) + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
    }
    return total;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One cell as the CSV would have it. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  // Excel keeps binary floats (0.1 + 0.2): twelve significant digits are what the sheet shows.
  if (typeof value === 'number') return String(Number(value.toPrecision(12)));
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  return '';
}

export async function readLabXlsx(base64: string): Promise<string[][] | null> {
  const file = Buffer.from(base64, 'base64');
  const unpacked = declaredUnpackedSize(file);
  if (unpacked === null || unpacked > UNPACKED_MAX) return null;
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    return null;
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const columns = Math.min(sheet.columnCount, COLUMNS_MAX);
  const rows: string[][] = [];
  // One row past the limit is enough for the reader to answer tooManyRows.
  const last = Math.min(sheet.rowCount, LAB_CSV_MAX_ROWS + 2);
  for (let r = 1; r <= last; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= columns; c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}
