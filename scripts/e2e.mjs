#!/usr/bin/env node
/**
 * Browser tests end to end: builds the web app and the server (as `npm start` does), seeds the demo
 * data once in a temporary DATA_DIR, then for each spec file starts a server of its own on a copy of
 * that data (a free port, or E2E_PORT), runs Playwright on the spec with E2E_BASE_URL and stops the
 * server. Exits non-zero if
 * any spec failed.
 * Spec paths as arguments run those specs only (`node scripts/e2e.mjs e2e/users.spec.ts`); other
 * arguments go to `playwright test` (e.g. `-g 'signs in'`).
 * The server serves the built app itself, exactly as `npm start` does; if it cannot, the run fails.
 * E2E_LANES=N runs N specs at a time, each still on a server and data of its own (decision 0092:
 * one spec at a time leaves a 2-core machine's CPU about 40 % idle while pages and servers wait);
 * the specs go longest file first, each lane taking the next, and with several lanes a spec's output
 * is printed whole when it ends. The default is one lane.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const playwrightCli = join(root, 'node_modules/@playwright/test/cli.js');
const children = new Set();
let dataDir = null;

const log = (message) => process.stdout.write(`[e2e] ${message}\n`);

function start(command, args, options = {}) {
  // Own process group, so stopping `npx …` also stops the process it started.
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], detached: true, ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

const exitCode = (child) =>
  new Promise((done) => (child.exitCode !== null ? done(child.exitCode) : child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))));

function freePort() {
  return new Promise((done, fail) => {
    const probe = net.createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** Polls until `url` answers below 500 (and with HTML when asked); false if `child` exits or time runs out. */
async function waitFor(url, child, { html = false, timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(url);
      const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
      if (response.status < 500 && (!html || isHtml)) return true;
      if (html && response.status < 500) return false;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

async function stop(child) {
  if (!child || child.exitCode !== null) return;
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
  await exitCode(child);
  clearTimeout(timer);
}

async function cleanup() {
  await Promise.all([...children].map(stop));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

/** Starts the server on DATA_DIR `dir` and `port`; the child, or null if it did not come up. */
async function startServer(dir, port) {
  const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', SEED: 'demo', SIGNIN_RATE_LIMIT: '1000' };
  // The compiled server (built in main(), as `npm start` runs it): a start costs about a third less
  // CPU than through tsx, and every spec starts one (docs/decisions/0032).
  const server = start(process.execPath, ['--conditions=compiled', 'apps/server/dist/main.js'], { env: serverEnv });
  if (await waitFor(`http://127.0.0.1:${port}/login`, server, { html: true })) return server;
  log('the server did not start, or does not serve the web app at /login');
  await stop(server);
  return null;
}

/** Runs Playwright on `spec`, echoing its output (or holding it until the end when `hold`); its exit code and counts. */
function runSpec(spec, baseUrl, extra, dir, hold) {
  return new Promise((done) => {
    // Playwright's CLI on this Node, not through npx: npx costs about 0.6 s of CPU (10 s of wall at load
    // 25) per spec before Playwright starts (docs/decisions/0072).
    // Each spec's failure screenshots and page snapshots in a folder of its own: the next spec's run
    // would otherwise clear them before anyone reads them.
    const output = join(root, '.e2e-artifacts/results', spec.replace(/[^a-z0-9.-]+/gi, '_'));
    const child = start(process.execPath, [playwrightCli, 'test', '-c', 'e2e/playwright.config.ts', '--output', output, spec, ...extra], {
      // E2E_DATA_DIR: the server's DATA_DIR (a spec reads the e-mails it wrote to DATA_DIR/outbox).
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!hold) process.stdout.write(chunk);
    });
    exitCode(child).then((code) => {
      if (hold) process.stdout.write(`\n[e2e] ${spec}: its output\n${out}`);
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const count = (word) => Number(plain.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
      done({ code, passed: count('passed'), failed: count('failed') + count('did not run'), flaky: count('flaky') });
    });
  });
}

/**
 * Each spec file gets a server of its own on a copy of freshly seeded demo data, so no spec sees
 * what another one created or changed. The demo data is seeded once (a first start), then copied.
 */
async function main() {
  const paths = process.argv.slice(2).filter((arg) => arg.endsWith('.spec.ts'));
  const extra = process.argv.slice(2).filter((arg) => !arg.endsWith('.spec.ts'));
  const specs = paths.length
    ? paths
    : readdirSync(join(root, 'e2e'))
        .filter((f) => f.endsWith('.spec.ts'))
        .sort()
        .map((f) => `e2e/${f}`);

  log('building the web app and the server');
  const built = await exitCode(start('npm', ['run', 'build', '-w', '@audit/web']));
  if (built !== 0) return built;
  const compiled = await exitCode(start('npm', ['run', 'build:server']));
  if (compiled !== 0) return compiled;
  // Specs that start a server of their own (e2e/own-server.ts) start this compiled one too.
  process.env.E2E_COMPILED_SERVER = '1';

  dataDir = mkdtempSync(join(tmpdir(), 'audit-e2e-'));
  const seeded = join(dataDir, 'seeded');
  const port = Number(process.env.E2E_PORT) || (await freePort());
  log(`seeding the demo data (DATA_DIR ${seeded})`);
  const seeding = await startServer(seeded, port);
  if (!seeding) return 1;
  await stop(seeding);

  const totals = { passed: 0, failed: 0, code: 0, flaky: [], times: [] };
  const lanes = Math.max(1, Number(process.env.E2E_LANES) || 1);
  // Longest file first, so the long specs do not end up alone at the end of a lane.
  const queue = lanes > 1 ? [...specs].sort((x, y) => statSync(join(root, y)).size - statSync(join(root, x)).size) : [...specs];
  // A spec's server is started while the lane's previous spec runs (its data copied, its port its
  // own): a start costs seconds of CPU (PGlite opened, the app's routes), and a spec's browser leaves
  // the CPU idle part of the time, waiting on the server and on its own timers.
  const fixedPort = Number(process.env.E2E_PORT) || 0;
  const startedInLane = [];
  let waitedMs = 0;
  const prepare = async (spec, laneIndex) => {
    const dir = join(dataDir, spec.replace(/[^a-z0-9.-]/gi, '_'));
    cpSync(seeded, dir, { recursive: true });
    // With E2E_PORT, lane i uses the ports E2E_PORT + 2i and + 2i + 1 in turn.
    const specPort = fixedPort ? fixedPort + 2 * laneIndex + ((startedInLane[laneIndex] = (startedInLane[laneIndex] ?? 0) + 1) % 2) : await freePort();
    log(`${spec}: its own server on port ${specPort} (DATA_DIR ${dir})`);
    const began = Date.now();
    const server = await startServer(dir, specPort);
    return { spec, dir, specPort, server, serverMs: Date.now() - began };
  };
  const lane = async (laneIndex) => {
    let next = queue.length ? prepare(queue.shift(), laneIndex) : null;
    while (next) {
      const waiting = Date.now();
      const { spec, dir, specPort, server, serverMs } = await next;
      waitedMs += Date.now() - waiting;
      next = queue.length ? prepare(queue.shift(), laneIndex) : null;
      if (!server) {
        totals.failed++;
        totals.code = 1;
        continue;
      }
      const began = Date.now();
      const result = await runSpec(spec, `http://127.0.0.1:${specPort}`, extra, dir, lanes > 1);
      await stop(server);
      totals.times.push({ spec, serverMs, specMs: Date.now() - began });
      rmSync(dir, { recursive: true, force: true });
      totals.passed += result.passed;
      totals.failed += result.failed;
      if (result.flaky) totals.flaky.push(`${spec} (${result.flaky})`);
      if (result.code !== 0) totals.code = result.code;
      log(`${spec}: ${result.passed} passed, ${result.failed} failed${result.flaky ? `, ${result.flaky} flaky (passed on its retry)` : ''}`);
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
  // Where the browser step's time goes (CI must stay under its limit, decision 0092): the slowest specs
  // and the servers' start-up in all.
  const seconds = (ms) => (ms / 1000).toFixed(1);
  const slowest = [...totals.times].sort((a, b) => b.specMs - a.specMs).slice(0, 12);
  log(
    `servers started in ${seconds(totals.times.reduce((n, t) => n + t.serverMs, 0))} s in all, ${seconds(waitedMs)} s of it waited for by the lanes; slowest specs: ${slowest.map((t) => `${t.spec} ${seconds(t.specMs)} s`).join(', ')}`,
  );
  // The closing line scripts/test.mjs reads (one Playwright run per spec prints one count each).
  // Flaky tests (failed, then passed on their retry) are named: a race to find, not a pass to forget.
  if (totals.flaky.length) process.stdout.write(`\n[e2e] flaky, passed on a retry: ${totals.flaky.join(', ')}\n`);
  process.stdout.write(`\n${process.env.SUMMARY_LABEL ?? 'e2e'}: ${totals.passed} passed, ${totals.failed} failed\n`);
  return totals.code;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  log(`failed: ${error?.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(code);
