import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU time spent on a piece of work, besides the wall clock. On a machine shared with others, the
 * scheduler gives each runnable process its share: pgbench with 32 backends gets many shares, the
 * Node server one, so under load a throughput ratio says more about the neighbours than about the
 * code. CPU milliseconds per operation (this process + the PostgreSQL backends serving it; not the
 * load generator) do not depend on the neighbours; the table gives both.
 */
const TICK_MS = 1000 / 100; // CLK_TCK is 100 on Linux

/** utime + stime of a process, in ms (0 when it has gone). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * Follows the backends of one database while work runs: their pids are looked up every 200 ms and
 * each one's CPU time read then (a backend that exits between two looks loses its last 200 ms).
 */
export function followBackends(adminUrl: string, database: string) {
  const seen = new Map<number, { first: number; last: number }>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let client: pg.Client | undefined;
  const look = async () => {
    const { rows } = await client!.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    for (const { pid } of rows) {
      const now = processCpuMs(pid);
      const known = seen.get(pid);
      if (known) known.last = Math.max(known.last, now);
      // A backend first seen now: count from its birth if it is new (it may be, e.g. pgbench's).
      else seen.set(pid, { first: 0, last: now });
    }
  };
  return {
    async start(countExisting: boolean) {
      client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await look();
      // Backends alive before the work started count only what they spend from now on.
      if (!countExisting) for (const entry of seen.values()) entry.first = entry.last;
      stopped = false;
      // A look still running when stop() comes must not schedule another one: its failure on the
      // closed client would schedule the next, every 200 ms, and keep the process alive.
      const tick = () => {
        if (!stopped) timer = setTimeout(() => void look().then(tick, tick), 200);
      };
      tick();
    },
    async stop(): Promise<number> {
      stopped = true;
      clearTimeout(timer);
      await look();
      await client!.end();
      let total = 0;
      for (const { first, last } of seen.values()) total += last - first;
      return total;
    },
  };
}

/** This process's CPU time in ms (the server runs in it: the bench starts it in-process). */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
