import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Backpressure for exceljs's streaming writer (decision 0045): its sheet buffer writes into the
 * zip's input without heeding it, so an export waits between batches until the zip's input and the
 * download have drained, and a zip slower than the rows never holds the whole sheet in memory.
 */

/** A writable side as node's streams and the readable-stream package (archiver's) both have it. */
export interface TWritableLike {
  once(event: 'drain', listener: () => void): unknown;
  _writableState?: { needDrain?: boolean; length?: number };
}

/** The stream the zip reads the sheet from (exceljs's StreamBuf pipes into it), when exceljs exposes it. */
export function zipInputOf(sheet: ExcelJS.Worksheet): TWritableLike | undefined {
  const inner = (sheet as unknown as { stream?: { pipes?: TWritableLike[] } }).stream?.pipes?.[0];
  return inner && typeof inner.once === 'function' && inner._writableState ? inner : undefined;
}

export const drained = (stream: TWritableLike | undefined) =>
  stream?._writableState?.needDrain ? new Promise<void>((resolve) => stream.once('drain', resolve)) : Promise.resolve();

/**
 * One sheet streamed batch by batch (the three list exports): the header row, then each batch's
 * rows; a batch shorter than `batchSize` is the last, and the next one is read only once the
 * previous has drained into the zip and the download. A failure while streaming ends the download
 * with that error. `first` is read by the caller (an empty list answers 832 before anything is sent).
 */
export function streamSheet<B>(options: {
  sheetName: string;
  headers: readonly string[];
  batchSize: number;
  first: B;
  /** The batch's rows as the sheet shows them (as many as the batch read). */
  rowsOf: (batch: B) => unknown[][];
  /** The batch after this one (keyset on its last row). */
  next: (batch: B) => Promise<B>;
}) {
  const out = new PassThrough();
  void (async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = book.addWorksheet(options.sheetName);
    sheet.addRow([...options.headers]).commit();
    let batch = options.first;
    for (;;) {
      const rows = options.rowsOf(batch);
      for (const row of rows) sheet.addRow(row).commit();
      if (rows.length < options.batchSize) break;
      await drained(zipInputOf(sheet));
      await drained(out as unknown as TWritableLike);
      batch = await options.next(batch);
    }
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
