import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './own-postgres.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface TRealServer {
  base: string;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | null>;
  stop(): Promise<void>;
}

/** The real server as production runs it (apps/server/src/main.ts from source), on a free port, once /health answers. */
export async function startRealServer(env: Record<string, string>): Promise<TRealServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, SEED: 'none', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const base = `http://127.0.0.1:${port}`;
  // Minutes, not seconds: tsx compiles the whole server on start, and a loaded machine is slow at it.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start (${child.exitCode === null ? 'still starting' : `exit ${child.exitCode}`}): ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { base, child, exited, stop };
}
