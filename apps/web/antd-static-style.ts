import { createElement, type ReactElement } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { extractStyle } from '@ant-design/static-style-extract';
import type { Plugin } from 'vite';
import { CSS_VAR_KEY, theme } from './src/app/theme';

/**
 * antd components the app does not use, and no other antd component renders: left out of the sheet
 * (about a tenth of it). antdStyles.test.ts fails if the app imports one of them.
 */
export const NOT_STYLED = [
  'Affix',
  'Anchor',
  'AutoComplete',
  'BackTop',
  'BorderBeam',
  'Calendar',
  'Carousel',
  'Cascader',
  'FloatButton',
  'Listy',
  'Masonry',
  'Mentions',
  'QRCode',
  'Rate',
  'Slider',
  'Splitter',
  'Tour',
];

/**
 * Ant Design's stylesheet for our theme, made at build time (decision 0096): every antd component
 * rendered once on the server under our ConfigProvider theme with the run-time styles on, and the
 * styles they register collected into one sheet (@ant-design/static-style-extract). The app runs with
 * `zeroRuntime` (app/theme.ts): antd computes no component style in the browser, this sheet is all
 * there is. Both read the same `theme` object: the sheet cannot drift from it.
 */
export function antdStylesheet(): string {
  // Every component once, deprecated ones too (Input.Group, List): antd's warnings about them are not the app's.
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Warning: [antd:')) error(...args);
  };
  let sheet: string;
  try {
    sheet = extractStyle({
      excludes: NOT_STYLED,
      customTheme: (node: ReactElement) =>
        createElement(ConfigProvider, { theme: { ...theme, token: { ...theme.token, motion: true }, zeroRuntime: false } }, node),
    });
  } finally {
    console.error = error;
  }
  if (!sheet.includes(`.${CSS_VAR_KEY}{`)) throw new Error(`the extracted antd sheet has no .${CSS_VAR_KEY} rule (the theme's variables)`);
  return sheet + reducedMotion();
}

/**
 * A user who asks for less motion gets the theme app/theme.ts gives them at run time (`motion: false`:
 * every duration 0 s): the design tokens that differ, as the variables of the theme's class.
 */
function reducedMotion(): string {
  const moving = antdTheme.getDesignToken({ ...theme, token: { ...theme.token, motion: true } }) as unknown as Record<string, unknown>;
  const still = antdTheme.getDesignToken({ ...theme, token: { ...theme.token, motion: false } }) as unknown as Record<string, unknown>;
  const kebab = (name: string) =>
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
      .toLowerCase();
  const changed = Object.keys(still).filter((key) => key !== 'motion' && typeof still[key] !== 'object' && still[key] !== moving[key]);
  if (!changed.length) return '';
  return `@media (prefers-reduced-motion: reduce){.${CSS_VAR_KEY}{${changed.map((key) => `--ant-${kebab(key)}:${String(still[key])}`).join(';')}}}`;
}

const ID = 'virtual:antd.css';
const RESOLVED = '\0antd-theme.css';

/**
 * `import 'virtual:antd.css'` (app/boot.ts): the sheet above, made once per build (and per dev server:
 * the dev server restarts when app/theme.ts, one of this config's files, changes).
 */
export function antdStylePlugin(options: { empty?: boolean } = {}): Plugin {
  let sheet: string | undefined = options.empty ? '' : undefined;
  return {
    name: 'audit:antd-static-style',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      sheet ??= antdStylesheet();
      return sheet;
    },
  };
}
