import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of the test's own, on a free loopback port, that the test may restart, stop
 * and kill (the shared one on 5432 is never touched). It runs the machine's PostgreSQL binaries
 * (Debian's postgresql package, as CI has): as the `postgres` user when the test runs as root,
 * since initdb refuses root.
 */
export interface TOwnPostgres {
  url: string;
  /**
   * pg_ctl restart: 'fast' rolls back the sessions, 'immediate' is a crash (recovery on start).
   * These run pg_ctl as a child process the test awaits, so the server under test keeps running
   * meanwhile, as it does when its database restarts elsewhere.
   */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Ends every client backend (not the postmaster): their sessions are cut mid-use. */
  killBackends(): Promise<number>;
  destroy(): void;
}

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, version, 'bin');
}

/** A loopback port nobody listens on now (for a server the test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const execFileAsync = promisify(execFile);

export async function startOwnPostgres(): Promise<TOwnPostgres> {
  const bin = binaries();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'own-pg-'));
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, { stdio: 'pipe', timeout: 120_000 });
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  // fsync off: this cluster's durability is not what the test is about, and it keeps a loaded machine fast.
  const options = ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`];
  const runAsync = async (tool: string, args: string[]) => {
    const file = asRoot ? 'runuser' : join(bin, tool);
    const all = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    await execFileAsync(file, all, { timeout: 120_000 });
  };
  const ctlArgs = (...args: string[]) => ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', ...args];
  run('pg_ctl', ctlArgs('start', ...options));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: (mode) => runAsync('pg_ctl', ctlArgs('restart', '-m', mode, ...options)),
    stop: (mode) => runAsync('pg_ctl', ctlArgs('stop', '-m', mode)),
    start: () => runAsync('pg_ctl', ctlArgs('start', ...options)),
    async killBackends() {
      // Client backends only: the postmaster survives and lets new sessions in.
      const { stdout } = await execFileAsync('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-Atc',
        `select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      ]);
      return stdout.split('\n').filter(Boolean).length;
    },
    destroy() {
      try {
        run('pg_ctl', ctlArgs('stop', '-m', 'immediate'));
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
