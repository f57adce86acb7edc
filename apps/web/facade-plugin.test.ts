import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { facadeInlinePlugin } from './facade-plugin';

type TOutput = { type: 'chunk'; fileName: string; code: string; isEntry: boolean; dynamicImports: string[] };
const chunk = (fileName: string, code: string, dynamicImports: string[] = []): TOutput => ({ type: 'chunk', fileName, code, isEntry: false, dynamicImports });

/** Runs the plugin's generateBundle on `bundle` as the build would. */
function run(bundle: Record<string, TOutput | { type: 'asset'; fileName: string; source: string }>) {
  const plugin = facadeInlinePlugin();
  const hook = plugin.generateBundle as unknown as (this: unknown, options: unknown, bundle: unknown) => void;
  hook.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    bundle,
  );
  return bundle;
}

const TARGET = 'let n=1;function inc(){n++}const Page=`page`;export{Page as a,n as b,inc as c};';
const FACADE = 'export{a as SignedIn,b as count,c as increment}from"./shell-abc.js";';
const MAP_DEPS = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/SignedIn-xyz.js","assets/shell-abc.js"])))=>i.map(i=>d[i]);';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("the build's one-line re-export files (facade-plugin.ts)", () => {
  it('a dynamic import reads the group file directly, its bindings live; the facade leaves the bundle', async () => {
    const bundle = run({
      'assets/shell-abc.js': chunk('assets/shell-abc.js', TARGET),
      'assets/SignedIn-xyz.js': chunk('assets/SignedIn-xyz.js', FACADE),
      'assets/main-1.js': chunk(
        'assets/main-1.js',
        `${MAP_DEPS}export const deps=__vite__mapDeps([0,1]);export const load=()=>import(\`./SignedIn-xyz.js\`);`,
        ['assets/SignedIn-xyz.js'],
      ),
      'index.html': { type: 'asset', fileName: 'index.html', source: '<script src="/assets/main-1.js"></script>' },
    });
    expect(Object.keys(bundle).sort()).toEqual(['assets/main-1.js', 'assets/shell-abc.js', 'index.html']);
    const main = bundle['assets/main-1.js'] as TOutput;
    expect(main.code).not.toContain('SignedIn-xyz');
    expect(main.dynamicImports).toEqual(['assets/shell-abc.js']);

    // The rewritten code, run as the browser would: the page's exports, by their names, live.
    const dir = mkdtempSync(join(tmpdir(), 'facade-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    for (const file of ['assets/main-1.js', 'assets/shell-abc.js']) writeFileSync(join(dir, file), (bundle[file] as TOutput).code);
    const loaded = await import(pathToFileURL(join(dir, 'assets/main-1.js')).href);
    expect(loaded.deps).toEqual(['assets/shell-abc.js', 'assets/shell-abc.js']);
    const page = await loaded.load();
    expect(page.SignedIn).toBe('page');
    expect(page.count).toBe(1);
    page.increment();
    expect(page.count).toBe(2);
    expect(Object.keys(page).sort()).toEqual(['SignedIn', 'count', 'increment']);
  });

  it('a file that imports a facade statically fails the build (it would load a file no longer there)', () => {
    expect(() =>
      run({
        'assets/shell-abc.js': chunk('assets/shell-abc.js', TARGET),
        'assets/SignedIn-xyz.js': chunk('assets/SignedIn-xyz.js', FACADE),
        'assets/other.js': chunk('assets/other.js', 'import{SignedIn as s}from"./SignedIn-xyz.js";console.log(s);'),
      }),
    ).toThrow(/assets\/other\.js still refers to assets\/SignedIn-xyz\.js/);
  });

  it('a file with code of its own is left alone, as is an entry', () => {
    const own = 'import{a}from"./shell-abc.js";export function t(){return a}';
    const entry = { ...chunk('assets/index.js', FACADE), isEntry: true };
    const bundle = run({
      'assets/shell-abc.js': chunk('assets/shell-abc.js', TARGET),
      'assets/timeZone.js': chunk('assets/timeZone.js', own),
      'assets/index.js': entry,
    });
    expect(Object.keys(bundle)).toHaveLength(3);
    expect((bundle['assets/timeZone.js'] as TOutput).code).toBe(own);
  });
});
