import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { antdStylesheet, NOT_STYLED } from '../../antd-static-style';
import { CSS_VAR_KEY, theme } from './theme';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const sources = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
  .map((entry) => ({ path: join(entry.parentPath, entry.name), text: readFileSync(join(entry.parentPath, entry.name), 'utf8') }));

/** The antd components the app imports (`import { Button, App as AntApp } from 'antd'`), types left out. */
function importedComponents(): string[] {
  const names = new Set<string>();
  for (const { text } of sources)
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd'/g)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (/^[A-Z]/.test(name) && !part.trim().startsWith('type ') && !/(Props|Instance|Config|Ref)$/.test(name)) names.add(name);
      }
    }
  return [...names].sort();
}

/** The class antd gives a component's root element. */
const CLASS: Record<string, string> = { Button: 'btn', DatePicker: 'picker', TreeSelect: 'select-tree' };
const WITHOUT_STYLE = new Set(['ConfigProvider', 'Grid']);
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

describe("antd's stylesheet, made at build time from the theme (decision 0096)", () => {
  let sheet = '';
  beforeAll(() => {
    sheet = antdStylesheet();
  }, 60_000);

  it('runs the app without run-time styles, with the class the sheet scopes its variables to', () => {
    expect(theme).toMatchObject({ zeroRuntime: true, hashed: false, cssVar: { key: CSS_VAR_KEY } });
    // A nested theme would need its own sheet: the app has one ConfigProvider with a theme, App.tsx's.
    const themed = sources.filter(({ text }) => /<ConfigProvider[^>]*\btheme=/.test(text)).map(({ path }) => path.slice(SRC.length));
    expect(themed).toEqual(['app/App.tsx']);
  });

  it('styles every antd component the app imports', () => {
    const components = importedComponents().filter((name) => !WITHOUT_STYLE.has(name));
    expect(components.length).toBeGreaterThan(30);
    expect(components.filter((name) => NOT_STYLED.includes(name))).toEqual([]);
    const missing = components.filter((name) => !sheet.includes(`.ant-${CLASS[name] ?? kebab(name)}`));
    expect(missing).toEqual([]);
  });

  it("holds the theme's tokens and each component token as variables of the theme's class", () => {
    expect(sheet).toContain(`.${CSS_VAR_KEY}{`);
    expect(sheet).toContain(`--ant-color-primary:${theme.token!.colorPrimary}`);
    expect(sheet).toContain(`--ant-border-radius:${theme.token!.borderRadius}px`);
    for (const [component, tokens] of Object.entries(theme.components ?? {}))
      for (const [token, value] of Object.entries(tokens as Record<string, unknown>)) {
        const css = typeof value === 'number' ? `${value}px` : String(value);
        expect(sheet, `${component}.${token}`).toContain(`--ant-${kebab(component)}-${kebab(token)}:${css}`);
      }
    // Class names without hashes: the app renders none (hashed: false).
    expect(sheet).not.toMatch(/:where\(\.css-/);
  });

  it('turns the durations to 0 s for a user who asks for less motion, as the app does at run time', () => {
    expect(sheet).toContain(`@media (prefers-reduced-motion: reduce){.${CSS_VAR_KEY}{--ant-motion-duration-fast:0s;`);
  });
});
