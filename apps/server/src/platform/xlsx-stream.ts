import type ExcelJS from 'exceljs';

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
