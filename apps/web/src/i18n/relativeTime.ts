import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

/**
 * The spec's time buckets (calls document, section 9): seconds, minutes, hours, days under 30,
 * months under 12, then years. dayjs's defaults say "a month" from 26 days and "a year" from 11
 * months. Each step: `l` the label, `r` the largest rounded value it takes, `d` the unit counted
 * (a step without `d` reuses the previous unit).
 */
export const RELATIVE_TIME_THRESHOLDS = [
  { l: 's', r: 44, d: 'second' },
  { l: 'm', r: 89 },
  { l: 'mm', r: 44, d: 'minute' },
  { l: 'h', r: 89 },
  { l: 'hh', r: 21, d: 'hour' },
  { l: 'd', r: 35 },
  { l: 'dd', r: 29, d: 'day' },
  { l: 'M', r: 45 },
  { l: 'MM', r: 11, d: 'month' },
  { l: 'y', r: 17 },
  { l: 'yy', d: 'year' },
];

dayjs.extend(relativeTime, { thresholds: RELATIVE_TIME_THRESHOLDS });
