import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A server of the spec's own, for what the shared one (scripts/e2e.mjs) must not go through: here, a
 * copy of the built web app that the spec changes as a deploy would. Fresh demo data, loopback only.
 */
export interface TOwnServer {
  baseUrl: string;
  webDist: string;
  stop: () => Promise<void>;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = net.createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`own server did not answer ${url}`);
}

/** `env` overrides the server's variables (e.g. `SEED: 'none'` with `ADMIN_EMAIL` and `ADMIN_PASSWORD` for an empty start). */
/** `port`: when the spec must know the address before the server starts (an OpenID provider's redirect address). */
export async function startOwnServer(options: { env?: Record<string, string>; timeoutMs?: number; port?: number } = {}): Promise<TOwnServer> {
  const dir = mkdtempSync(join(tmpdir(), 'audit-e2e-own-'));
  const webDist = join(dir, 'web');
  cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true });
  const port = options.port ?? (await freePort());
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    SIGNIN_RATE_LIMIT: '1000',
    ...options.env,
  };
  // scripts/e2e.mjs builds the server and says so; run by hand, the sources (which may be newer than a dist/).
  const entry =
    process.env.E2E_COMPILED_SERVER === '1' ? ['--conditions=compiled', 'apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, { cwd: root, env, stdio: 'ignore', detached: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await answers(`${baseUrl}/login`, child, options.timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, webDist, stop };
}
