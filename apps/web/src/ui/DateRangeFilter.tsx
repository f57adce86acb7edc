import './dateRange.css';
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, todayInZone } from '@audit/domain/dates';
import { useTimeZone } from '../session/timeZone';

type TRange = [Dayjs, Dayjs];
export type TQuickRange = 'today' | 'thisWeek' | 'last7Days' | 'thisMonth' | 'last30Days' | 'lastMonth';

/**
 * The spec's quick date ranges (calls document, section 9), counted from `today` (a calendar day of
 * the space's zone): today, this week, last 7 days, this month, last 30 days, last month. The last
 * N days end today and include it.
 */
export function quickDayRanges(today: Dayjs): { key: TQuickRange; value: TRange }[] {
  const lastMonth = today.subtract(1, 'month');
  return [
    { key: 'today', value: [today.startOf('day'), today.endOf('day')] },
    { key: 'thisWeek', value: [today.startOf('week'), today.endOf('week')] },
    { key: 'last7Days', value: [today.subtract(6, 'day').startOf('day'), today.endOf('day')] },
    { key: 'thisMonth', value: [today.startOf('month'), today.endOf('month')] },
    { key: 'last30Days', value: [today.subtract(29, 'day').startOf('day'), today.endOf('day')] },
    { key: 'lastMonth', value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
  ];
}

/** A month picker can only take whole months: this month and last month. */
export const quickMonthRanges = (today: Dayjs) => quickDayRanges(today).filter((range) => range.key === 'thisMonth' || range.key === 'lastMonth');

function usePresets(month: boolean) {
  const { t } = useTranslation();
  const today = dayjs(todayInZone(useTimeZone()));
  return (month ? quickMonthRanges(today) : quickDayRanges(today)).map(({ key, value }) => ({ label: t(`dates.${key}`), value }));
}

/** dateRange.css: on a phone, one month with the quick ranges above it. */
const POPUP = { popup: { root: 'range-popup' } };

/** Every list's day range filter: DD-MM-YYYY, the quick ranges, as wide as its place. */
export function DayRangePicker(props: RangePickerProps) {
  return <DatePicker.RangePicker format={DAY_FORMAT} presets={usePresets(false)} style={{ width: '100%' }} classNames={POPUP} {...props} />;
}

/** Every list's month range filter (from month, to month), with this month and last month. */
export function MonthRangePicker(props: RangePickerProps) {
  return <DatePicker.RangePicker picker="month" presets={usePresets(true)} style={{ width: '100%' }} classNames={POPUP} {...props} />;
}
