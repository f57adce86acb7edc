import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { unsafeUnscoped, withScope } from '../apps/server/src/platform/tenancy.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf } from './audits.js';
import { startServer } from './lib.js';
import { seedLists } from './lists.js';

/**
 * The lists of bench/lists.ts as the database runs them (decision 0057): every statement one
 * request of each line sends (first page, last page, a search never asked before) is captured as
 * the server sends it (drizzle's logger on PGlite, the driver on PostgreSQL) and run again under
 * `explain (analyze, buffers)` in a scoped transaction (the application's role, under RLS), seven
 * times: median planning and execution times, and the pages the statements touch, which the
 * machine's load does not move. Same seed and sizes as the lists (BENCH_LIST_SIZES,
 * BENCH_LIST_ESTABLISHMENTS); BENCH_LIST_PLANS=1 also prints each plan.
 */
const SIZES = (process.env.BENCH_LIST_SIZES ?? '10000,100000').split(',').map(Number);
const PRINT = process.env.BENCH_LIST_PLANS === '1';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type TStatement = { text: string; params: unknown[] };

/** The statements sent while `capturing` is set: drizzle's logger on PGlite; on PostgreSQL, the driver's query (the pool's scoped connections have no logger). */
function captureStatements(db: unknown, engine: 'pglite' | 'postgres') {
  let captured: TStatement[] | null = null;
  const keep = (text: string, params: unknown[]) => {
    if (captured && /secure_space_path|list_match/.test(text) && !/set_config|\bjobs?\b|pgboss/.test(text)) captured.push({ text, params });
  };
  let restore = () => {};
  if (engine === 'pglite') (db as { session: { options: { logger?: unknown } } }).session.options.logger = { logQuery: keep };
  else {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
      if (typeof config === 'string') keep(config, Array.isArray(values) ? values : []);
      else if (config && typeof (config as { text?: unknown }).text === 'string') {
        const c = config as { text: string; values?: unknown[] };
        keep(c.text, c.values ?? (Array.isArray(values) ? values : []));
      }
      return (original as (...args: unknown[]) => unknown).call(this, config, values, callback);
    } as typeof pg.Client.prototype.query;
    restore = () => {
      pg.Client.prototype.query = original;
    };
  }
  return {
    async during(work: () => Promise<unknown>) {
      captured = [];
      await work();
      const statements = captured;
      captured = null;
      return statements;
    },
    restore,
  };
}

/** The statement with its values written in (explain takes no parameters). */
const inline = ({ text, params }: TStatement) =>
  text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number') return String(v);
    return `'${String(v instanceof Date ? v.toISOString() : v).replace(/'/g, "''")}'`;
  });

export async function benchListPlans(engine: 'pglite' | 'postgres') {
  const server = await startServer(engine);
  const capture = captureStatements(server.db, engine);
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    const token = await apiOf(server.base).signin('admin@demo.test');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const ref = (
      await unsafeUnscoped(server.db, (tx) =>
        tx.execute<{ id: string; path: string; uid: string }>(
          sql`select s.id, s.secure_space_path as path, (select id from users where email = 'admin@demo.test') as uid from spaces s where s.identifier = 'demo'`,
        ),
      )
    ).rows[0]!;
    const scope = { spaceId: ref.id, spacePath: ref.path, userId: ref.uid };
    const rows: Record<string, string | number>[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      await seedLists(server.db, seeded, size);
      seeded = size;
      // The seed's notification reaches the kept totals just after its commit (see lists.ts).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const paths = { audits: '/ms-core/api/audits/search', clients: '/ms-core/api/structures/clients/search', users: '/ms-core/api/users/search' };
      for (const [list, path] of Object.entries(paths)) {
        const call = async (body: object) => {
          const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
          await res.text();
          if (!res.ok) throw new Error(`${path} answered ${res.status}`);
          return Number(res.headers.get('x-total-count'));
        };
        const total = await call({ size: 10, page: 0 });
        const salt = list === 'users' ? 'person' : 'name';
        const bodies: Record<string, object> = {
          first_page: { size: 10, page: 0 },
          last_page: { size: 10, page: Math.ceil(total / 10) - 1 },
          search: { size: 10, page: 0, search: md5(`${salt}-${(37 % (size / 20)) + 1}`).slice(0, 6) },
        };
        for (const [name, body] of Object.entries(bodies)) {
          // Pages as the bench asks them (the total kept); the search as a new one (its total counted).
          if (name !== 'search') await call(body);
          const statements = await capture.during(() => call(body));
          let planMs = 0;
          let execMs = 0;
          let pages = 0;
          for (const statement of statements) {
            const runs: { plan: number; exec: number; pages: number; text: string }[] = [];
            for (let i = 0; i < 7; i++) {
              const result = await withScope(server.db, scope, (tx) =>
                tx.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain (analyze, buffers) ${inline(statement)}`)),
              );
              const lines = result.rows.map((r) => r['QUERY PLAN']);
              const text = lines.join('\n');
              const top = lines.find((l) => l.includes('Buffers:')) ?? '';
              runs.push({
                plan: Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? 0),
                exec: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0),
                pages: Number(/hit=(\d+)/.exec(top)?.[1] ?? 0) + Number(/read=(\d+)/.exec(top)?.[1] ?? 0),
                text,
              });
            }
            planMs += median(runs.map((r) => r.plan));
            execMs += median(runs.map((r) => r.exec));
            pages += runs.at(-1)!.pages;
            if (PRINT) console.log(`\n${engine} ${size} ${list}_${name}\n${inline(statement).slice(0, 300)}\n${runs.at(-1)!.text}`);
          }
          rows.push({ line: `${list}_${name}`, audits: size, statements: statements.length, planMs: planMs.toFixed(2), execMs: execMs.toFixed(2), pages });
        }
      }
    }
    return rows;
  } finally {
    capture.restore();
    await server.stop();
  }
}
