import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DAY_FORMAT } from '@audit/domain/dates';

dayjs.extend(customParseFormat);

/**
 * Dates are kept as ISO days (YYYY-MM-DD; a range as the JSON list ["from","to"], the form the
 * report and its PDF read) and shown DD-MM-YYYY. Values typed by hand in DD-MM-YYYY, and ranges
 * stored earlier as "from/to" (ISO 8601 interval), are read too.
 */
export const DATE_FORMAT = DAY_FORMAT;
const ISO_DAY = 'YYYY-MM-DD';

export function parseDay(text: string | null | undefined): Dayjs | null {
  if (!text?.trim()) return null;
  const day = dayjs(text.trim(), [ISO_DAY, DATE_FORMAT], true);
  return day.isValid() ? day : null;
}

function rangeParts(text: string): unknown[] {
  if (text.trim().startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }
  return text.split('/');
}

export function parseRange(text: string | null | undefined): [Dayjs, Dayjs] | null {
  const [from, to] = rangeParts(text ?? '');
  const a = typeof from === 'string' ? parseDay(from.slice(0, 10)) : null;
  const b = typeof to === 'string' ? parseDay(to.slice(0, 10)) : null;
  return a && b ? [a, b] : null;
}

export const formatDay = (day: Dayjs) => day.format(ISO_DAY);
export const formatRange = (range: [Dayjs, Dayjs]) => JSON.stringify([formatDay(range[0]), formatDay(range[1])]);

interface TProps {
  value: string | null;
  range?: boolean;
  disabled: boolean;
  onChange: (value: string | null) => void;
  'aria-label'?: string;
  id?: string;
}

export function DateAnswer({ value, range, disabled, onChange, ...rest }: TProps) {
  if (range) {
    return (
      <DatePicker.RangePicker
        {...rest}
        format={DATE_FORMAT}
        value={parseRange(value)}
        disabled={disabled}
        // Read only and empty is allowed (antd warns about a disabled empty range otherwise).
        allowEmpty={disabled ? [true, true] : undefined}
        onChange={(dates) => onChange(dates?.[0] && dates[1] ? formatRange([dates[0], dates[1]]) : null)}
      />
    );
  }
  return <DatePicker {...rest} format={DATE_FORMAT} value={parseDay(value)} disabled={disabled} onChange={(day) => onChange(day ? formatDay(day) : null)} />;
}
