import { useRef } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { usePaintedOnce } from '../../../ui/usePaintedOnce';
import { useRun } from '../RunContext';
import { useAuditSelect } from '../useAuditSelect';
import { DATE_FORMAT, formatDay, formatRange, parseDay, parseRange } from './dateValue';
import { PickerStandIn } from './PickerStandIn';

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
  // The audit's zone as stored: dateValue.ts checks it only for an instant that needs it.
  const timeZone = useAuditSelect(auditId, (audit) => audit.timeZone);
  // The picker as drawn, in the first frame; the real one in the next (decision 0124).
  const painted = usePaintedOnce();
  // Focused in that frame (a tap, Tab, its label): the real picker takes the focus when it comes.
  const focusedEarly = useRef(false);
  if (!painted) {
    const shown = (day: Dayjs | null | undefined) => day?.format(DATE_FORMAT) ?? '';
    const days = range ? parseRange(value, timeZone) : null;
    return (
      <PickerStandIn
        {...rest}
        text={range ? [shown(days?.[0]), shown(days?.[1])] : shown(parseDay(value, timeZone))}
        disabled={disabled}
        onFocus={() => (focusedEarly.current = true)}
      />
    );
  }
  if (range) {
    return (
      <DatePicker.RangePicker
        {...rest}
        autoFocus={focusedEarly.current}
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
      autoFocus={focusedEarly.current}
      format={DATE_FORMAT}
      value={parseDay(value, timeZone)}
      disabled={disabled}
      onChange={(day) => onChange(day ? formatDay(day) : null)}
    />
  );
}
