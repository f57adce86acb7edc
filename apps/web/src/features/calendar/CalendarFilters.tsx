import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCalendarFilters } from './calendarApi';

export type TFilterOptions = Record<keyof TCalendarFilters, Map<string, string>>;
const KEYS: (keyof TCalendarFilters)[] = ['client', 'establishment', 'auditor', 'service'];

/** Client, establishment, auditor and service: the names the calendar has read so far. */
export function CalendarFilters(props: {
  value: TCalendarFilters;
  options: TFilterOptions;
  fixed?: (keyof TCalendarFilters)[];
  onChange: (f: TCalendarFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {KEYS.filter((k) => !props.fixed?.includes(k)).map((key) => (
        <Select
          key={key}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 170 }}
          placeholder={t(`calendar.fields.${key}`)}
          aria-label={t(`calendar.fields.${key}`)}
          value={props.value[key]}
          onChange={(value?: string) => props.onChange({ ...props.value, [key]: value || undefined })}
          options={[...props.options[key]].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label))}
        />
      ))}
    </>
  );
}
