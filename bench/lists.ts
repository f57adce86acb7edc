import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf } from './audits.js';
import { measureRequests, startServer, type TRequest } from './lib.js';
import { measureWithCpu } from './speed.js';

/**
 * Issue 14, item 4: the audit, client and user lists of the demo tenant at 10,000 and then
 * 100,000 audits (seeded through SQL, with one client, establishment and user per 20 audits):
 * first page, last page and a free-text search, each the median of three interleaved rounds of
 * sequential requests. `ratio` is the 100,000 figure over the 10,000 one (goal ≤ 1.5, each < 50 ms).
 * Searches use a different client name on every request, so no total is ever served from cache.
 * `c50_*`: the same requests from 50 clients at once (every one must answer 2xx).
 * `floor_users_me` (GET /users/me) is what any signed-in request costs on the machine at that moment.
 * `cpu10k` / `cpu100k`: CPU ms per request of the server's process (PGlite runs in it) and of its
 * PostgreSQL backends, median of the rounds; `cpuRatio` their growth (less moved by the machine's load).
 */
// BENCH_LIST_SIZES=10000,100000 (the default) picks the tenant sizes.
const SIZES = (process.env.BENCH_LIST_SIZES ?? '10000,100000').split(',').map(Number);
// BENCH_LIST_ESTABLISHMENTS=5 puts every audit in one of the first 5 establishments (few busy
// establishments: each audit path a most common value, no histogram; decision 0057). By default
// each establishment has 20 audits. Clients and users are seeded one per 20 audits either way.
const ESTABLISHMENTS = Number(process.env.BENCH_LIST_ESTABLISHMENTS ?? 0);
const PER_ROUND = 20;
const ROUNDS = 3;

type TDb = Awaited<ReturnType<typeof startServer>>['db'];
type TFigure = { ms10k?: number; ms100k?: number; ratio?: number; cpu10k?: number; cpu100k?: number; cpuRatio?: number };

export async function benchLists(engine: 'pglite' | 'postgres'): Promise<Record<string, TFigure | Record<string, number>>> {
  const server = await startServer(engine);
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    const admin = await apiOf(server.base).signin('admin@demo.test');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin}` };
    const figures: Record<string, TFigure | Record<string, number>> = {};
    let seeded = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      await seedLists(server.db, seeded, size);
      seeded = size;
      figures[`seed_${size}`] = { ms: Math.round(performance.now() - t0) };
      // The seed's notification reaches the kept totals (platform/totals.ts) just after its commit:
      // asked sooner, the total is the smaller tenant's, and the "last page" a page in the middle.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const lists = await listCalls(server.base, headers, size);
      const rounds: Record<string, number[]> = {};
      const cpu: Record<string, number[]> = {};
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, requests] of Object.entries(lists)) {
          const measured = await measureWithCpu(server, requests(round), { concurrency: 1 });
          (rounds[name] ??= []).push(measured.medianMs);
          (cpu[name] ??= []).push(measured.cpuMsPerOp);
        }
      // 50 clients at once on the lists (item 6: PGlite queues inside the process; any error or timeout throws).
      const c50 = Object.values(lists).flatMap((requests) => requests(0));
      const loaded = await measureRequests(server.base, [...c50, ...c50].slice(0, 500), { concurrency: 50 });
      figures[`c50_${size}`] = { requests: loaded.requests, perSecond: loaded.perSecond, medianMs: loaded.medianMs, p95Ms: loaded.p95Ms, errors: 0 };
      for (const [name, values] of Object.entries(rounds)) {
        const figure = (figures[name] ??= {}) as TFigure;
        const median = [...values].sort((a, b) => a - b)[1]!;
        // CPU per request (this process, where PGlite runs, and PostgreSQL's backends): what a
        // loaded machine's waiting does not inflate, unlike the wall-clock median.
        const cpuMs = Math.round([...cpu[name]!].sort((a, b) => a - b)[1]! * 10) / 10;
        if (size === 10_000) [figure.ms10k, figure.cpu10k] = [median, cpuMs];
        else [figure.ms100k, figure.cpu100k] = [median, cpuMs];
        if (figure.ms10k !== undefined && figure.ms100k !== undefined) figure.ratio = Math.round((figure.ms100k / figure.ms10k) * 100) / 100;
        if (figure.cpu10k && figure.cpu100k !== undefined) figure.cpuRatio = Math.round((figure.cpu100k / figure.cpu10k) * 100) / 100;
      }
    }
    return figures;
  } finally {
    await server.stop();
  }
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The list requests of the web's audit, client and user pages: first page, last page, search. */
async function listCalls(base: string, headers: Record<string, string>, audits: number) {
  const total = async (path: string) => {
    const post = () => fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify({ size: 10, page: 0 }) });
    // Once more on a reset: the kept-alive connection of the last call may be closed by the server
    // as it is reused, after a seed longer than the server's keep-alive (a loaded machine).
    const res = await post().catch(post);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return Number(res.headers.get('x-total-count'));
  };
  const paths = { audits: '/ms-core/api/audits/search', clients: '/ms-core/api/structures/clients/search', users: '/ms-core/api/users/search' };
  // The floor of any signed-in request on this machine at this moment (auth, one small read), measured in the same rounds.
  const calls: Record<string, (round: number) => TRequest[]> = {
    floor_users_me: () => Array.from({ length: PER_ROUND }, () => ({ path: '/ms-core/api/users/me', headers })),
  };
  for (const [list, path] of Object.entries(paths)) {
    const lastPage = Math.ceil((await total(path)) / 10) - 1;
    const request = (body: object): TRequest => ({ method: 'POST', path, headers, body: JSON.stringify(body) });
    const repeat = (make: (i: number) => TRequest) => (round: number) => Array.from({ length: PER_ROUND }, (_, i) => make(round * PER_ROUND + i));
    calls[`${list}_first_page`] = repeat(() => request({ size: 10, page: 0 }));
    calls[`${list}_last_page`] = repeat(() => request({ size: 10, page: lastPage }));
    // The distinctive part of a seeded client's (or person's) name, a different one each time, as
    // one types "Perla" rather than "Restaurante": names are "Cliente " or "Persona " and 8 hex digits.
    const salt = list === 'users' ? 'person' : 'name';
    calls[`${list}_search`] = repeat((i) => request({ size: 10, page: 0, search: md5(`${salt}-${((i * 37) % (audits / 20)) + 1}`).slice(0, 6) }));
  }
  return calls;
}

/** Audits from..to of the demo tenant, with a client, an establishment and a user for every 20. */
export async function seedLists(db: TDb, from: number, to: number) {
  await unsafeUnscoped(db, async (tx) => {
    const ref = (
      await tx.execute<{ root: string; path: string; service: string; template: string; auditor: string }>(sql`
      select s.id as root, s.secure_space_path as path, (select id from services where code = 'AUD-HIG') as service,
        (select id from audit_templates where secure_space_path = s.secure_space_path limit 1) as template,
        (select id from users where email = 'auditor@demo.test') as auditor
      from spaces s where s.identifier = 'demo'`)
    ).rows[0]!;
    const [c0, c1] = [from / 20 + 1, to / 20];
    // Clients and their establishments, with deterministic ids (md5 of a name) so audits can point at them.
    await tx.execute(sql`
      insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      select md5('bench-client-' || i)::uuid, ${ref.root}::uuid, 'bench-client-' || i, 'Cliente ' || left(md5('name-' || i), 8), 'STRUCTURE',
        ${ref.path} || md5('bench-client-' || i)::uuid || '/'
      from generate_series(${c0}::int, ${c1}::int) i`);
    await tx.execute(sql`
      insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      select md5('bench-est-' || i)::uuid, md5('bench-client-' || i)::uuid, 'bench-est-' || i, 'Establecimiento ' || left(md5('est-' || i), 8), 'ESTABLISHMENT',
        ${ref.path} || md5('bench-client-' || i)::uuid || '/' || md5('bench-est-' || i)::uuid || '/'
      from generate_series(${c0}::int, ${c1}::int) i`);
    await tx.execute(sql`
      insert into structure_details (space_id, secure_space_path, code, email)
      select id, secure_space_path, 'C' || right(identifier, 5), identifier || '@bench.test' from spaces
      where identifier like 'bench-%' and not exists (select 1 from structure_details d where d.space_id = spaces.id)`);
    await tx.execute(sql`
      insert into users (space_id, secure_space_path, username, email, first_name, last_name, verified)
      select md5('bench-client-' || i)::uuid, ${ref.path} || md5('bench-client-' || i)::uuid || '/', 'bench-user-' || i, 'bench-user-' || i || '@bench.test',
        'Persona ' || left(md5('person-' || i), 8), 'Apellido', true
      from generate_series(${c0}::int, ${c1}::int) i`);
    await tx.execute(sql`
      insert into audits (space_id, secure_space_path, status, template_id, template_name, client_id, establishment_id, service_id, auditor_id,
        start_date, date_from, date_to)
      select md5('bench-est-' || c)::uuid, ${ref.path} || md5('bench-client-' || c)::uuid || '/' || md5('bench-est-' || c)::uuid || '/',
        (array['draft', 'running', 'finished'])[1 + i % 3], ${ref.template}::uuid, 'Higiene ' || (i % 7), md5('bench-client-' || c)::uuid,
        md5('bench-est-' || c)::uuid, ${ref.service}::uuid, ${ref.auditor}::uuid,
        timestamptz '2020-01-01' + (i * interval '37 minutes'), timestamptz '2020-01-01', timestamptz '2020-01-02'
      from generate_series(${from + 1}::int, ${to}::int) i,
        lateral (select ${ESTABLISHMENTS > 0 ? sql`1 + (i - 1) % ${ESTABLISHMENTS}::int` : sql`1 + (i - 1) / 20`} as c) k`);
    await tx.execute(sql`analyze`);
  });
}
