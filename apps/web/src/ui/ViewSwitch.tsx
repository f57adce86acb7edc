import { Segmented, Select } from 'antd';
import { useViewport } from './useViewport';

interface TViewSwitchProps {
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Its accessible name (what the choice is: "Tipo de incidencia"). */
  label: string;
  testId: string;
}

/**
 * Sibling lists of one page (the kinds of incidents): a segmented bar where it fits, a select on a
 * phone, where four labels in a row were cut at 390 px ("Datos de labo…").
 */
export function ViewSwitch({ value, options, onChange, label, testId }: TViewSwitchProps) {
  const { isMobile } = useViewport();
  if (isMobile) return <Select value={value} options={options} onChange={onChange} aria-label={label} data-testid={testId} style={{ width: '100%' }} />;
  return <Segmented value={value} options={options} onChange={(next) => onChange(String(next))} aria-label={label} data-testid={testId} />;
}
