import type { ColumnType } from 'antd/es/table';

export type TListColumn<T> = ColumnType<T> & {
  key: string;
  title: string;
  /** Always shown: the table settings cannot hide it. */
  locked?: boolean;
  /**
   * A column of buttons that only some rows have (a client has no moves on a lab incident): shown
   * only when at least one row of the page passes, so no empty "Acciones" column is left.
   */
  onlyIf?: (row: T) => boolean;
};

/**
 * The columns the table shows: the locked ones and those not hidden in the settings, less the
 * `onlyIf` ones no row of the page needs (while the page loads they stay, so the header does not jump).
 */
export function shownColumns<T>(columns: readonly TListColumn<T>[], hidden: readonly string[], rows: readonly T[] | undefined): TListColumn<T>[] {
  return columns
    .filter((c) => c.locked || !hidden.includes(c.key))
    .filter((c) => !c.onlyIf || rows === undefined || rows.some(c.onlyIf))
    .map(({ onlyIf: _onlyIf, ...column }) => column);
}
