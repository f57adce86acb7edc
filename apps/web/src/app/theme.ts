import type { ThemeConfig } from 'antd';

export const BRAND = {
  primary: '#0b6e5f',
  sidebar: '#0f2a2f',
  sidebarAccent: '#143a40',
  background: '#f3f5f7',
};

/**
 * A user who asks the system for less motion gets none: antd's opening, closing and sliding
 * animations are turned off (its CSS ones too). The browser tests ask for it as well, so a click
 * never lands on a list still sliding open on a busy machine.
 */
const reducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The class that scopes the theme's CSS variables (antd's `cssVar.key`): fixed, so the stylesheet made
 * at build time (antd-static-style.ts) and the app name the same one.
 */
export const CSS_VAR_KEY = 'css-var-audit';

/**
 * `zeroRuntime`: antd computes no style in the browser; its stylesheet for this theme is made at build
 * time from this very object (antd-static-style.ts, decision 0096), class names without hashes.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: CSS_VAR_KEY },
  token: {
    motion: !reducedMotion,
    colorPrimary: BRAND.primary,
    colorInfo: '#1f6feb',
    colorLink: BRAND.primary,
    borderRadius: 8,
    colorBgLayout: BRAND.background,
    fontFamily: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: BRAND.sidebar, headerBg: '#ffffff', headerPadding: '0 24px', headerHeight: 64, bodyBg: BRAND.background },
    Menu: {
      darkItemBg: BRAND.sidebar,
      darkSubMenuItemBg: '#0b2226',
      darkItemSelectedBg: BRAND.primary,
      darkItemHoverBg: BRAND.sidebarAccent,
      itemBorderRadius: 8,
      itemMarginInline: 10,
    },
    Table: { headerBg: '#f7f9fa', headerColor: '#3d4b55' },
    Card: { headerFontSize: 16 },
  },
};
