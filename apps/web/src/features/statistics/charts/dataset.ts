import type { TCell } from './csv';

/**
 * The rows behind a chart, as its table, its CSV and its links read them (one source, so the three
 * always agree). `label` is in the user's language; `kind` says how a value is shown.
 */
export interface TColumnDef {
  key: string;
  label: string;
  kind: 'text' | 'count' | 'pct';
}

export type TRow = Record<string, TCell>;

export interface TDataset {
  columns: TColumnDef[];
  rows: TRow[];
  /** The filtered list behind a value, where there is one (decision 0079). */
  link?: (row: TRow, key: string) => string | undefined;
}

/** The dataset's cells in column order (the CSV's rows). */
export const cellsOf = (dataset: TDataset) => dataset.rows.map((row) => dataset.columns.map((column) => row[column.key]));
