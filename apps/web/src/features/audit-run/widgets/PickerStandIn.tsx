import { useContext } from 'react';
import { ConfigProvider } from 'antd';
import { CalendarOutlined, CloseCircleFilled, SwapRightOutlined } from '@ant-design/icons';

interface TProps {
  /** The shown text of the day, or of each end of a range ('' for none). */
  text: string | [string, string];
  disabled: boolean;
  id?: string;
  'aria-label'?: string;
  /** A tap or Tab onto it: the real picker, which replaces it a frame later, then takes the focus. */
  onFocus?: () => void;
}

/**
 * antd's date picker (or range picker) as it is drawn closed, without its machinery: its markup and
 * classes (its stylesheet is built ahead, decision 0096), so the first frame looks as it will. Shown
 * until the frame after the first is painted (DateAnswer), then the real picker takes its place:
 * mounting a RangePicker took 0.07–0.15 s of the run view's first render on a tablet (decision 0124).
 * PickerStandIn.test.ts holds its markup equal to antd's.
 */
export function PickerStandIn({ text, disabled, id, 'aria-label': ariaLabel, onFocus }: TProps) {
  const config = useContext(ConfigProvider.ConfigContext);
  const lang = config.locale?.DatePicker?.lang;
  // The class that scopes the theme's variables (app/theme.ts sets its key; antd's components carry it).
  const cssVarClass = config.theme?.cssVar?.key ?? 'css-var-root';
  const range = Array.isArray(text);
  const input = (value: string, placeholder: string | undefined, end?: 'start' | 'end') => (
    <input
      aria-invalid="false"
      autoComplete="off"
      aria-label={ariaLabel}
      size={12}
      id={end === 'end' ? undefined : id}
      placeholder={placeholder}
      disabled={disabled}
      date-range={end}
      value={value}
      readOnly
      onFocus={onFocus}
    />
  );
  const clear = (range ? text.some(Boolean) : Boolean(text)) && !disabled && (
    <button type="button" aria-label={lang?.clear ?? 'Clear'} className="ant-picker-clear">
      <CloseCircleFilled />
    </button>
  );
  const suffix = (
    <span className="ant-picker-suffix">
      <CalendarOutlined aria-hidden="true" />
    </span>
  );
  const classes = `ant-picker${range ? ' ant-picker-range' : ''}${disabled ? ' ant-picker-disabled' : ''} ant-picker-outlined ${cssVarClass} ant-picker-css-var`;
  if (!range)
    return (
      <div className={classes}>
        <div className="ant-picker-input">
          {input(text, lang?.placeholder ?? 'Select date')}
          {suffix}
          {clear}
        </div>
      </div>
    );
  return (
    <div className={classes}>
      <div className="ant-picker-input ant-picker-input-start">{input(text[0], lang?.rangePlaceholder?.[0] ?? 'Start date', 'start')}</div>
      <div className="ant-picker-range-separator">
        <span aria-hidden="true" className="ant-picker-separator">
          <SwapRightOutlined />
        </span>
      </div>
      <div className="ant-picker-input ant-picker-input-end">{input(text[1], lang?.rangePlaceholder?.[1] ?? 'End date', 'end')}</div>
      <div className="ant-picker-active-bar" style={{ position: 'absolute', width: 0 }} />
      {suffix}
      {clear}
    </div>
  );
}
