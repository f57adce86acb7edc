#!/usr/bin/env node
/**
 * Browser tests end to end: builds the web app, starts the server on a free port with a fresh
 * temporary DATA_DIR (demo data), waits until it answers, runs Playwright against it with
 * E2E_BASE_URL, stops the server and exits with Playwright's code.
 * Extra arguments go to `playwright test`: a spec's path runs that spec alone
 * (`node scripts/e2e.mjs e2e/users.spec.ts`). E2E_PORT picks the port (default: a free one).
 * The server serves the built app itself, exactly as `npm start` does; if it cannot, the run fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
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

const exitCode = (child) => new Promise((done) => (child.exitCode !== null ? done(child.exitCode) : child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))));

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

async function main() {
  log('building the web app');
  const built = await exitCode(start('npm', ['run', 'build', '-w', '@audit/web']));
  if (built !== 0) return built;

  dataDir = mkdtempSync(join(tmpdir(), 'audit-e2e-'));
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'demo', SIGNIN_RATE_LIMIT: '1000' };
  log(`starting the server on port ${port} (DATA_DIR ${dataDir})`);
  const server = start(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { env: serverEnv });
  const baseUrl = `http://127.0.0.1:${port}`;
  if (!(await waitFor(`${baseUrl}/login`, server, { html: true }))) {
    log('the server did not start, or does not serve the web app at /login');
    return 1;
  }

  log(`running Playwright against ${baseUrl}`);
  const tests = start('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_BASE_URL: baseUrl },
  });
  return exitCode(tests);
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
