import { DatePicker } from 'antd';
import { zoneOr } from '@audit/domain/dates';
import { useRun } from '../RunContext';
import { useAuditSelect } from '../useAuditSelect';
import { DATE_FORMAT, formatDay, formatRange, parseDay, parseRange } from './dateValue';

interface TProps {
  value: string | null;
  range?: boolean;
  disabled: boolean;
  onChange: (value: string | null) => void;
  'aria-label'?: string;
  id?: string;
}

/** A date or a date range of the run; stored values are read in the audit's time zone (see dateValue.ts). */
export function DateAnswer({ value, range, disabled, onChange, ...rest }: TProps) {
  const { auditId } = useRun();
  const timeZone = zoneOr(useAuditSelect(auditId, (audit) => audit.timeZone));
  if (range) {
    return (
      <DatePicker.RangePicker
        {...rest}
        format={DATE_FORMAT}
        value={parseRange(value, timeZone)}
        disabled={disabled}
        // Read only and empty is allowed (antd warns about a disabled empty range otherwise).
        allowEmpty={disabled ? [true, true] : undefined}
        onChange={(dates) => onChange(dates?.[0] && dates[1] ? formatRange([dates[0], dates[1]]) : null)}
      />
    );
  }
  return (
    <DatePicker
      {...rest}
      format={DATE_FORMAT}
      value={parseDay(value, timeZone)}
      disabled={disabled}
      onChange={(day) => onChange(day ? formatDay(day) : null)}
    />
  );
}
