import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped, withScope } from '../apps/server/src/platform/tenancy.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf } from './audits.js';
import { measureRequests, startServer, type TRequest } from './lib.js';

/**
 * Issue 16's speed budget (decision 0045): one tenant with 200,000 audit incidents and 400,000
 * corrective actions (seeded through SQL) over a client of 5 establishments, then, each the median
 * of three rounds of sequential requests (budget < 150 ms):
 * - list_first / list_last: the first and the last page of the whole list;
 * - f_*: a page of the list under filter combinations (status with risk, an establishment and a
 *   month range, a responsible, a template with a status, a free-text search, a whole old year);
 * - t_*: the corrective actions' list (`/tasks`, 400,000): first and last page, a status, the open
 *   tab, a responsible, overdue, a due-date range, priority with status, a free-text search;
 * on PostgreSQL, the two tables' sequential scans counted around each (pg_stat_user_tables:
 * 0 means every query of those pages used an index), and the plans of a few of them printed;
 * - export: the Excel of all 200,000, streamed: time to the first byte, to the last, its size, and
 *   the process's peak RSS while it streams (the server runs in this process; the reader drops the
 *   bytes as they come, so the growth is the server's).
 * BENCH_INCIDENTS (200000) shrinks it for a quick look. Run with `node --expose-gc --import tsx bench/run.ts
 * postgres incidents` for the heap still retained while streaming (a full collection every second).
 */
const INCIDENTS = Number(process.env.BENCH_INCIDENTS ?? 200_000);
const ESTABLISHMENTS = 5;
const PER_ROUND = 10;
const ROUNDS = 3;
// BENCH_INCIDENTS_EXPORT_ONLY=1 skips the lists (the export's figures alone).
const EXPORT_ONLY = process.env.BENCH_INCIDENTS_EXPORT_ONLY === '1';
// BENCH_INCIDENTS_LISTS_ONLY=1 skips the export; BENCH_INCIDENTS_ONLY=t_ (a prefix) measures those lines only.
const LISTS_ONLY = process.env.BENCH_INCIDENTS_LISTS_ONLY === '1';
const ONLY = process.env.BENCH_INCIDENTS_ONLY ?? '';
const STATUSES = [
  'running',
  'escalated_to_client',
  'action_plan_agreed',
  'completed_by_client',
  'evidence_pending_review',
  'evidence_rejected',
  'no_response',
  'resolved',
  'superseded',
];

type TDb = Awaited<ReturnType<typeof startServer>>['db'];
const progress = (what: string) => process.stderr.write(`[incidents bench] ${what}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A list as one PostgreSQL array literal (drizzle would spread a JS array into a record). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;

export async function seedIncidents(db: TDb) {
  const templates = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  return unsafeUnscoped(db, async (tx) => {
    const ref = (await tx.execute<{ root: string; path: string }>(sql`select id as root, secure_space_path as path from spaces where identifier = 'demo'`))
      .rows[0]!;
    const client = randomUUID();
    const clientPath = `${ref.path}${client}/`;
    await tx.execute(sql`insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      values (${client}::uuid, ${ref.root}::uuid, 'bench-incidents', 'Hotel Banco de Incidencias', 'STRUCTURE', ${clientPath})`);
    await tx.execute(sql`with e as (select gen_random_uuid() as id, n from generate_series(1, ${ESTABLISHMENTS}::int) n)
      insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      select e.id, ${client}::uuid, 'bench-inc-est-' || e.n, 'Edificio ' || e.n, 'ESTABLISHMENT', ${clientPath} || e.id || '/' from e`);
    const users = (await tx.execute<{ id: string }>(sql`select id from users order by email limit 6`)).rows.map((r) => r.id);
    const t0 = performance.now();
    // Two years of audits, ten incidents each, spread over the establishments, statuses, risks, people and templates.
    await tx.execute(sql`
      with est as (select id, secure_space_path as path, name, row_number() over (order by id) - 1 as k from spaces where parent_id = ${client}::uuid),
           u as (select ${pgArray(users)}::uuid[] as ids, ${pgArray(templates)}::uuid[] as tpl, ${pgArray(STATUSES)}::text[] as st)
      insert into incidents (space_id, secure_space_path, kind, status, solved_in_place, name, risk_level, priority, responsible_id, open_date,
        client_id, establishment_id, place, audit_id, audit_date, auditor_id, template_id, template_name, created_by)
      select est.id, est.path, 'audits', u.st[1 + i % 9], i % 9 = 7 and i % 2 = 0, 'Incidencia ' || i,
        (array['high', 'medium', 'low'])[1 + i % 3], (array['high', 'medium', 'low'])[1 + i % 3 + 0], u.ids[1 + i % array_length(u.ids, 1)],
        timestamptz '2026-11-01' - ((i / 10) % 730) * interval '1 day' - (i % 10) * interval '1 minute',
        ${client}::uuid, est.id, est.name, md5('audit' || (i / 10))::uuid, timestamptz '2026-11-01' - ((i / 10) % 730) * interval '1 day',
        u.ids[1], u.tpl[1 + (i / 10) % 4], 'Plantilla ' || (1 + (i / 10) % 4), u.ids[1]
      from generate_series(1, ${INCIDENTS}::int) i
      join est on est.k = (i / 10) % ${ESTABLISHMENTS}
      cross join u`);
    // Two actions per incident, created when it opened (so the creation order follows the due dates, as it does in use), of every priority.
    await tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, priority, responsible_id, due_date, created_by, created_at)
      select i.space_id, i.secure_space_path, i.id, 'Acción ' || n || ' de ' || i.name, (array['toDo', 'running', 'complete'])[1 + (n + length(i.name)) % 3],
        (array['high', 'medium', 'low'])[1 + abs(hashtext(i.id::text || n)) % 3], i.responsible_id, (i.open_date + interval '15 days')::date, i.created_by,
        i.open_date + n * interval '1 second'
      from incidents i cross join generate_series(1, 2) n where i.client_id = ${client}::uuid`);
    const seededMs = Math.round(performance.now() - t0);
    await tx.execute(sql`analyze incidents`);
    await tx.execute(sql`analyze incident_tasks`);
    const est = (await tx.execute<{ id: string }>(sql`select id from spaces where parent_id = ${client}::uuid order by id`)).rows.map((r) => r.id);
    const [counts] = (
      await tx.execute<{ incidents: number; tasks: number }>(
        sql`select (select count(*)::int from incidents where client_id = ${client}::uuid) as incidents, (select count(*)::int from incident_tasks t join incidents i on i.id = t.incident_id where i.client_id = ${client}::uuid) as tasks`,
      )
    ).rows;
    return { client, clientPath, establishments: est, users, templates, seededMs, ...counts! };
  });
}

/** Sequential scans of the incidents and incident_tasks tables so far (PostgreSQL's statistics, flushed by the server's idle connections within a second). */
async function seqScans(db: TDb) {
  await new Promise((r) => setTimeout(r, 1500));
  const rows = await unsafeUnscoped(db, (tx) =>
    tx.execute<{ seq: number }>(sql`select coalesce(sum(seq_scan), 0)::int as seq from pg_stat_user_tables where relname in ('incidents', 'incident_tasks')`),
  );
  return rows.rows[0]!.seq;
}

export async function benchIncidents(engine: 'pglite' | 'postgres') {
  const server = await startServer(engine);
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    const seeded = await seedIncidents(server.db);
    progress(`seeded ${seeded.incidents} incidents and ${seeded.tasks} corrective actions in ${seeded.seededMs} ms`);
    // What autovacuum would have done by then: the visibility map lets a total be counted from an index alone.
    await server.db.execute(sql`vacuum analyze incidents`);
    await server.db.execute(sql`vacuum analyze incident_tasks`);
    const api = apiOf(server.base);
    const token = await api.signin('auditor@demo.test');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const page = (body: object): TRequest => ({
      method: 'POST',
      path: '/ms-core/api/issues/search-issues',
      headers,
      body: JSON.stringify({ size: 20, ...body }),
    });
    const total = Number(
      (await fetch(`${server.base}/ms-core/api/issues/search-issues`, { method: 'POST', headers, body: '{"size":1}' })).headers.get('x-total-count'),
    );
    const tasksTotal = Number(
      (await fetch(`${server.base}/ms-core/api/tasks/search`, { method: 'POST', headers, body: '{"size":1}' })).headers.get('x-total-count'),
    );
    const tasks = (body: object): TRequest => ({ method: 'POST', path: '/ms-core/api/tasks/search', headers, body: JSON.stringify({ size: 20, ...body }) });
    const eq = (field: string, value: unknown, operator = 'eq') => ({ field, operator, value });
    const TASK_STATUSES = ['toDo', 'running', 'complete'];
    const calls: Record<string, (i: number) => TRequest> = {
      // What any signed-in request costs on the machine at that moment (the figures below include it).
      floor_users_me: () => ({ method: 'GET', path: '/ms-core/api/users/me', headers: { authorization: headers.authorization } }),
      list_first: () => page({ page: 0 }),
      list_last: () => page({ page: Math.floor((total - 1) / 20) }),
      f_status_risk: (i) => page({ filters: [eq('status', [STATUSES[i % 9]], '$in'), eq('riskLevel', ['high'], '$in')] }),
      f_establishment_months: (i) =>
        page({ filters: [eq('establishment', seeded.establishments[i % ESTABLISHMENTS]), eq('auditDate', ['2025-03', '2025-05'], 'between')] }),
      f_responsible: (i) => page({ filters: [eq('responsible', seeded.users[i % seeded.users.length])], page: 3 }),
      f_template_status: (i) => page({ filters: [eq('template', seeded.templates[i % 4]), eq('status', ['no_response', 'resolved'], '$in')] }),
      f_status_months_risk_sorted: (i) =>
        page({
          filters: [eq('status', ['evidence_rejected'], '$in'), eq('auditDate', ['2026-01', '2026-06'], 'between'), eq('riskLevel', ['low'], '$in')],
          sort: i % 2 ? 'name' : '-auditDate',
        }),
      f_search: (i) => page({ search: `Incidencia ${12345 + i}` }),
      // A whole old year of audits under the default order (decision 0056): the months follow the order, 100,000 matches.
      f_old_year: (i) => page({ filters: [eq('auditDate', i % 2 ? ['2025-01', '2025-12'] : ['2025-02', '2025-11'], 'between')], page: i % 3 }),
      // The corrective actions (`/tasks`), 400,000 of them (decision 0056).
      t_list_first: () => tasks({ page: 0 }),
      t_list_last: () => tasks({ page: Math.floor((tasksTotal - 1) / 20) }),
      t_status: (i) => tasks({ filters: [eq('status', TASK_STATUSES[i % 3])] }),
      // The page's own tabs: open (to do or running), overdue.
      t_open: (i) => tasks({ filters: [eq('status', ['toDo', 'running'], '$in')], page: i % 3 }),
      t_responsible: (i) => tasks({ filters: [eq('responsible', seeded.users[i % seeded.users.length])], page: 3 }),
      t_overdue: (i) => tasks({ filters: [eq('overdue', true)], page: i % 3 }),
      t_due_months: (i) => tasks({ filters: [eq('dueDate', i % 2 ? ['2025-01-01', '2025-03-31'] : ['2025-04-01', '2025-04-30'], 'between')] }),
      t_priority_status: (i) => tasks({ filters: [eq('priority', ['high', 'low'][i % 2]), eq('status', TASK_STATUSES[i % 3])] }),
      t_search: (i) => tasks({ search: `Incidencia ${12345 + i}` }),
    };
    for (const [name, make] of Object.entries(calls)) {
      const r = make(0);
      const res = await fetch(`${server.base}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    }
    const figures: Record<string, Record<string, number | string>> = {
      seed: { incidents: seeded.incidents, tasks: seeded.tasks, listTotal: total, tasksTotal, seedMs: seeded.seededMs },
    };
    for (const [name, make] of EXPORT_ONLY ? [] : Object.entries(calls).filter(([n]) => n.startsWith(ONLY))) {
      const before = engine === 'postgres' ? await seqScans(server.db) : 0;
      const rounds: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const measured = await measureRequests(
          server.base,
          Array.from({ length: PER_ROUND }, (_, i) => make(round * PER_ROUND + i)),
          { concurrency: 1 },
        );
        rounds.push(measured.medianMs);
      }
      const scans = engine === 'postgres' ? (await seqScans(server.db)) - before : 'n/a';
      figures[name] = { medianMs: median(rounds), budgetMs: 150, rounds: rounds.join(' / '), seqScans: scans };
      progress(`${name}: ${median(rounds)} ms, sequential scans ${scans}`);
    }
    if (engine === 'postgres') {
      // As the server runs them: the application's role under Row Level Security, the scope as starts_with (decision 0052).
      const rootPath = `${seeded.clientPath.split('/').slice(0, 2).join('/')}/`;
      const scope = { spaceId: seeded.client, spacePath: rootPath, userId: seeded.users[0]! };
      const explain = async (title: string, query: ReturnType<typeof sql>) => {
        const plan = await withScope(server.db, scope, (tx) => tx.execute<{ 'QUERY PLAN': string }>(sql`explain analyze ${query}`));
        console.log(`\n${title}, its plan:`);
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      };
      await explain(
        'The first page of the whole list',
        sql`select id from incidents where starts_with(secure_space_path, ${rootPath}) and kind = 'audits' order by open_date desc, id desc limit 20`,
      );
      await explain(
        'A filtered page (status, months, risk)',
        sql`select id from incidents
          where starts_with(secure_space_path, ${rootPath}) and kind = 'audits' and status in ('evidence_rejected')
            and audit_date >= '2026-01-01' and audit_date < '2026-07-01' and risk_level in ('low')
          order by open_date desc, id desc limit 20`,
      );
      await explain(
        'A free-text search',
        sql`select id from incidents where starts_with(secure_space_path, ${rootPath}) and kind = 'audits'
          and id = any(array(select list_match_incidents('%Incidencia 12345%'))) order by open_date + interval '0 s' desc, id desc limit 20`,
      );
      await explain(
        'A whole old year of audits, no sort asked (ordered by the audit date, decision 0056)',
        sql`select id from incidents where starts_with(secure_space_path, ${rootPath}) and kind = 'audits'
          and audit_date >= '2025-01-01' and audit_date < '2026-01-01' order by audit_date desc, id desc limit 20`,
      );
      await explain(
        'The first page of the corrective actions',
        sql`select id from incident_tasks where starts_with(secure_space_path, ${rootPath}) order by created_at desc, id desc limit 20`,
      );
      await explain(
        'The overdue corrective actions',
        sql`select id from incident_tasks where starts_with(secure_space_path, ${rootPath})
          and (status <> 'complete' and due_date < current_date) order by created_at desc, id desc limit 20`,
      );
      await explain(
        'Corrective actions due in three old months, no sort asked (ordered by the due date)',
        sql`select id from incident_tasks where starts_with(secure_space_path, ${rootPath})
          and due_date between '2025-01-01' and '2025-03-31' order by due_date desc, id desc limit 20`,
      );
      await explain(
        "The total of the open actions (the page's default tab; counted once, then kept until the table changes)",
        sql`select count(*)::int from incident_tasks where starts_with(secure_space_path, ${rootPath}) and status in ('toDo', 'running')`,
      );
      await explain(
        'The total of a whole old year of audits',
        sql`select count(*)::int from incidents where starts_with(secure_space_path, ${rootPath}) and kind = 'audits'
          and audit_date >= '2025-01-01' and audit_date < '2026-01-01'`,
      );
      await explain(
        'A free-text search of the corrective actions',
        sql`select id from incident_tasks where starts_with(secure_space_path, ${rootPath})
          and id = any(array(select list_match_incident_tasks('%Incidencia 12345%'))) order by created_at + interval '0 s' desc, id desc limit 20`,
      );
    }

    if (LISTS_ONLY) return figures;
    // The Excel of every incident of the list: streamed while read, RSS sampled every 20 ms.
    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = rssBefore;
    let heapPeak = heapBefore;
    // Retained memory: every second (node --expose-gc), a full collection, then the heap still in use.
    let retainedPeak = heapBefore;
    let ticks = 0;
    const sampler = setInterval(() => {
      if (global.gc && ++ticks % 50 === 0) {
        global.gc();
        retainedPeak = Math.max(retainedPeak, process.memoryUsage().heapUsed);
      }
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
    }, 20);
    const t0 = performance.now();
    const res = await fetch(`${server.base}/ms-core/api/reports/issues/export-excel`, { method: 'POST', headers, body: '{"filters":[]}' });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    let firstByteMs = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByteMs) firstByteMs = Math.round(performance.now() - t0);
      bytes += value.byteLength;
    }
    const totalMs = Math.round(performance.now() - t0);
    clearInterval(sampler);
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    figures.export = {
      rows: total,
      firstByteMs,
      totalMs,
      megabytes: Math.round(bytes / 104857.6) / 10,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
      rssGrowthMb: mb(peak - rssBefore),
      heapBeforeMb: mb(heapBefore),
      heapPeakMb: mb(heapPeak),
      heapRetainedPeakMb: global.gc ? mb(retainedPeak) : 'run with node --expose-gc',
    };
    return figures;
  } finally {
    await server.stop();
  }
}
