#!/usr/bin/env node
// Compiles the server and the shared domain package to plain JavaScript for `npm start`
// (docs/decisions/0028): one .js per .ts, same folders, so every path the code builds from
// import.meta.url (config's repo root, the migrations folder, the PDF worker) holds in dist/ too.
// The domain package resolves to dist/ under `node --conditions=compiled` (its package.json
// exports); tests, tsx and Vite keep reading the TypeScript sources.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = (dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split('/').includes('test'))
    .map((file) => join(dir, file));

for (const [from, to] of [
  ['packages/domain/src', 'packages/domain/dist'],
  ['apps/server/src', 'apps/server/dist'],
]) {
  const src = join(root, from);
  const out = join(root, to);
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: sources(src),
    outdir: out,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log(`compiled ${relative(root, src)} to ${relative(root, out)}`);
}
// What the server reads next to its code: the migrations (SQL and drizzle's journal).
cpSync(join(root, 'apps/server/src/db/migrations'), join(root, 'apps/server/dist/db/migrations'), { recursive: true });
