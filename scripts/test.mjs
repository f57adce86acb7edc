#!/usr/bin/env node
// npm test: everything that can run on this machine.
//  1. unit and integration tests on PGlite (embedded, always available);
//  2. the server's integration tests again on PostgreSQL when TEST_DATABASE_URL is set
//     (each test file creates its own fresh database there and drops it afterwards);
//  3. the browser tests when a Chromium is found (CHROMIUM_PATH or /usr/bin/chromium).
// REQUIRE_BROWSER=1 (set by .ci/run) turns a missing Chromium into a failure; `--no-browser` leaves
// step 3 out and `--no-postgres` step 2; `--node-code-only` runs step 1 on the code Node runs in
// production only (the domain and server projects, not the web's, whose code runs in the browser).
// Every step runs on the Node that runs this script (process.execPath), whatever PATH holds, but
// step 2 when TEST_POSTGRES_NODE names another Node binary: .ci/run sets it to the current LTS, so
// the domain and server files run once on each Node, one per database, in one pass (decision 0092).
// Step 2 runs the domain's files too: they are the rules the server runs, on the second Node.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const results = [];
const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n=== ${label} ===\n`);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, SUMMARY_LABEL: label } });
    let out = '';
    // vitest prints its failures' details on stderr: kept apart for failureDetails, passed through as they come.
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      // vitest's summary reporter and Playwright both print "N passed" / "N failed".
      const plain = stripAnsi(out);
      const summary = plain.match(new RegExp(`${label}: (\\d+) passed, (\\d+) failed`));
      const passed = summary ? Number(summary[1]) : Number(plain.match(/(\d+) passed/)?.[1] ?? 0);
      const failed = summary ? Number(summary[2]) : Number(plain.match(/(\d+) failed/)?.[1] ?? 0);
      // The failing tests' lines, printed again at the end: a CI log is often read from its tail.
      const failures = plain.split('\n').filter((line) => /^\s*(FAIL|×|✘)\s|^\s+\d+\) \[/.test(line));
      const flaky = plain.split('\n').filter((line) => line.startsWith('[e2e] flaky'));
      results.push({
        label,
        code,
        passed,
        failed,
        failures: [...new Set(failures.map((l) => l.trim()))].slice(0, 40),
        flaky,
        why: failureDetails(`${plain}\n${stripAnsi(err)}`),
      });
      resolve(code);
    });
  });
}

/**
 * What each failed test said, in a few lines: Playwright's numbered failure blocks ("  1) file › test")
 * and vitest's ("FAIL file > test"), their error, expected and received values and the spec line.
 * The tail of a CI log is often all there is to read.
 */
function failureDetails(plain) {
  const details = [];
  let inBlock = 0;
  for (const line of plain.split('\n')) {
    if (/^\s+\d+\) \S|^\s*FAIL\s/.test(line)) {
      inBlock = 12;
      details.push(line.trim());
    } else if (inBlock && /Error:|Timed out|Expected|Received|Locator:|^\s+(at|❯) .*\.(spec|test)\.tsx?:\d+/.test(line)) {
      inBlock--;
      details.push(`    ${line.trim().slice(0, 300)}`);
    } else if (/^\s+\d+ (passed|failed|flaky)/.test(line)) inBlock = 0;
  }
  return details.slice(0, 80);
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const browser = !process.argv.includes('--no-browser');
const postgres = !process.argv.includes('--no-postgres');
const projects = process.argv.includes('--node-code-only') ? ['--project', 'domain', '--project', 'server'] : [];
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
console.log(`Node ${process.version}`);
// TEST_DATABASE_URL cleared: this pass is the embedded PGlite one, whatever the environment says.
await run('pglite', process.execPath, [vitest, 'run', ...projects], { TEST_DATABASE_URL: '' });
if (!postgres) {
  console.log('\nPostgreSQL pass not run (--no-postgres).');
} else if (process.env.TEST_DATABASE_URL) {
  const node = process.env.TEST_POSTGRES_NODE || process.execPath;
  if (node !== process.execPath) console.log(`PostgreSQL pass on ${node}`);
  await run('postgres', node, [vitest, 'run', '--project', 'domain', '--project', 'server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.log('\nPostgreSQL pass not run: set TEST_DATABASE_URL=postgres://user@host:5432/db to run it.');
}
if (!browser) {
  console.log('\nBrowser tests not run (--no-browser).');
} else if (existsSync(chromium)) {
  await run('browser', process.execPath, [fileURLToPath(new URL('./e2e.mjs', import.meta.url))], { CHROMIUM_PATH: chromium });
} else if (process.env.REQUIRE_BROWSER === '1') {
  console.error(`\nBrowser tests required but no Chromium at ${chromium} (apt-get install chromium).`);
  results.push({ label: 'browser', code: 1, passed: 0, failed: 1 });
} else {
  console.log(`\nBrowser tests not run: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const broken = results.filter((r) => r.code !== 0);
console.log('\n=== Results ===');
console.log(`${results.map((r) => `${r.label}: ${r.passed} passed, ${r.failed} failed${r.code ? ` (exit ${r.code})` : ''}`).join('\n')}`);
for (const r of results.filter((r) => r.failures?.length))
  console.log(`\n${r.label} failures (a retried test's first attempt shows here too):\n  ${r.failures.join('\n  ')}`);
for (const r of results.filter((r) => r.failed && r.why?.length)) console.log(`\n${r.label}: what the failures said\n  ${r.why.join('\n  ')}`);
for (const r of results.filter((r) => r.flaky?.length)) console.log(`\n${r.flaky.join('\n')}`);
console.log(`\n${passed} passed, ${failed + (broken.length && !failed ? broken.length : 0)} failed`);
process.exit(broken.length ? 1 : 0);
