import dayjs, { type Dayjs } from 'dayjs';

/** A month range as the lists' filters keep it: ['YYYY-MM', 'YYYY-MM']. */
export type TMonthRange = [string, string];

/** The filter's months as the month picker shows them. */
export const monthsToPicker = (months: TMonthRange | undefined): [Dayjs, Dayjs] | undefined =>
  months ? [dayjs(`${months[0]}-01`), dayjs(`${months[1]}-01`)] : undefined;

/** The picker's range as the filter keeps it (none when cleared). */
export const pickerToMonths = (range: [Dayjs, Dayjs] | null | undefined): TMonthRange | undefined =>
  range ? [range[0].format('YYYY-MM'), range[1].format('YYYY-MM')] : undefined;
