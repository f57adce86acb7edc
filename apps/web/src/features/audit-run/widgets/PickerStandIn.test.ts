import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConfigProvider, DatePicker } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { PickerStandIn } from './PickerStandIn';

const FORMAT = 'DD-MM-YYYY';
/** As app/theme.ts sets it (which a feature does not import): antd's styles made at build time, a fixed key for the variables' class. */
const theme = { zeroRuntime: true, hashed: false, cssVar: { key: 'css-var-test' } };
const markup = (element: ReactElement, locale: typeof esES) => renderToStaticMarkup(createElement(ConfigProvider, { theme, locale }, element));
const day = (iso: string | null) => (iso ? dayjs(iso) : null);
const shown = (iso: string | null) => day(iso)?.format(FORMAT) ?? '';

describe('PickerStandIn', () => {
  // The stand-in is on screen for the first frame and then replaced: any difference would show as a jump.
  it.each([
    [esES, ['2026-12-01', '2026-12-03'], false, { id: 'field-1' }],
    [esES, [null, null], true, { id: 'field-2' }],
    [enUS, ['2026-01-31', null], false, { 'aria-label': 'Dates' }],
  ] as const)('draws a range picker as antd does (%#)', (locale, [from, to], disabled, props) => {
    const real = markup(
      createElement(DatePicker.RangePicker, {
        ...props,
        format: FORMAT,
        value: [day(from), day(to)],
        disabled,
        allowEmpty: disabled ? [true, true] : undefined,
      }),
      locale,
    );
    const standIn = markup(createElement(PickerStandIn, { ...props, text: [shown(from), shown(to)], disabled }), locale);
    expect(standIn.replaceAll(' readOnly=""', '')).toBe(real);
  });

  it.each([
    [esES, '2026-12-01', false, { id: 'field-3', 'aria-label': 'Fecha' }],
    [enUS, null, true, { 'aria-label': 'Day' }],
    [esES, null, false, {}],
  ] as const)('draws a date picker as antd does (%#)', (locale, value, disabled, props) => {
    const real = markup(createElement(DatePicker, { ...props, format: FORMAT, value: day(value), disabled }), locale);
    const standIn = markup(createElement(PickerStandIn, { ...props, text: shown(value), disabled }), locale);
    expect(standIn.replaceAll(' readOnly=""', '')).toBe(real);
  });

  it('cannot be typed into (read only) before the real picker replaces it', () => {
    const standIn = markup(createElement(PickerStandIn, { text: '01-12-2026', disabled: false }), esES);
    expect(standIn).toContain('readOnly=""');
  });
});
