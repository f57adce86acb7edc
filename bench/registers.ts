import { sql } from 'drizzle-orm';
import { addDays, todayInZone } from '@audit/domain/dates';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { createUser } from '../apps/server/src/seed/build.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf } from './audits.js';
import { startServer, type TRequest } from './lib.js';
import { measureWithCpu } from './speed.js';

/**
 * Issue 15's speed budget (decision 0037): a client of the demo tenant with 200 registers over 50
 * facilities (5 establishments × 10 areas), daily takes for a year (~3.65 M values, seeded through
 * SQL), then, each the median of three rounds of sequential requests:
 * - grid_month: a month's log grid of one register (budget < 150 ms);
 * - check_all: pending/check-all for a staff user who sees the 200 registers (< 200 ms);
 * - save_50: answer/add of one take for the 50 facilities at once (< 100 ms);
 * - c50_save: 50 staff saving their own facility of one register at once: every value stored once;
 *   c50_same: 50 saving the same facility's take: one stored, 49 told 422 (none lost, none doubled);
 * - pdf_annual: the annual PDF of one register, from the ask to its URL (< 10 s).
 * Each sequential line also gives the CPU ms per request spent by the server and its PostgreSQL
 * backends (cpuMs): on a shared machine the wall clock measures the neighbours, while one request
 * at a time on an idle machine takes about its CPU time (plus a few round trips).
 * BENCH_REGISTER_DAYS (365) and BENCH_REGISTERS (200) shrink it for a quick look.
 */
const DAYS = Number(process.env.BENCH_REGISTER_DAYS ?? 365);
const REGISTERS = Number(process.env.BENCH_REGISTERS ?? 200);
const ESTABLISHMENTS = 5;
const AREAS_PER = 10;
const PER_ROUND = 10;
const ROUNDS = 3;

type TDb = Awaited<ReturnType<typeof startServer>>['db'];
/** Where the run is (stderr: the table stays clean). */
const progress = (what: string) => process.stderr.write(`[registers bench] ${what}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The bench client, its spaces, its registers and a year of logs; returns what the requests need. */
async function seedRegisters(db: TDb, today: string) {
  return unsafeUnscoped(db, async (tx) => {
    const ref = (
      await tx.execute<{ root: string; path: string; template: string; param: string; category: string }>(sql`
      select s.id as root, s.secure_space_path as path,
        (select id from register_templates where name = 'Temperaturas de cámaras' and space_id = s.id) as template,
        (select i.id from register_items i join register_templates t on t.id = i.template_id where t.name = 'Temperaturas de cámaras' and i.name = 'Temperatura') as param,
        (select id from categories where space_id = s.id and type = 'REGISTER' and name = 'Cocina') as category
      from spaces s where s.identifier = 'demo'`)
    ).rows[0]!;
    const client = 'b0000000-0000-4000-8000-000000000001';
    const clientPath = `${ref.path}${client}/`;
    await tx.execute(sql`insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      values (${client}::uuid, ${ref.root}::uuid, 'bench-registers', 'Hotel Banco de Pruebas', 'STRUCTURE', ${clientPath})`);
    // Random (version 4) ids: the API's uuid checks refuse others.
    await tx.execute(sql`with e as (select gen_random_uuid() as id, n from generate_series(1, ${ESTABLISHMENTS}::int) n)
      insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      select e.id, ${client}::uuid, 'bench-reg-est-' || e.n, 'Edificio ' || e.n, 'ESTABLISHMENT', ${clientPath} || e.id || '/' from e`);
    await tx.execute(sql`with a as (
        select gen_random_uuid() as id, p.id as parent, p.secure_space_path as ppath, p.identifier as pident, n
        from spaces p, generate_series(1, ${AREAS_PER}::int) n where p.parent_id = ${client}::uuid)
      insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      select a.id, a.parent, a.pident || '-area-' || a.n, 'Cámara ' || right(a.pident, 1) || '.' || a.n, 'AREA', a.ppath || a.id || '/' from a`);
    await tx.execute(sql`insert into registers (id, space_id, secure_space_path, name, area_access, classification, template_id, client_id,
        all_establishments, all_areas, category_id, period, frequency, created_at)
      select gen_random_uuid(), ${client}::uuid, ${clientPath}, 'Registro de cámaras ' || lpad(r::text, 3, '0'), 'KITCHEN', 'measurement',
        ${ref.template}::uuid, ${client}::uuid, true, true, ${ref.category}::uuid, 'monthly', 'daily', ${addDays(today, -DAYS - 1)}::date
      from generate_series(1, ${REGISTERS}::int) r`);
    // A year of daily takes up to yesterday for every register and facility (today is left to the saves).
    const t0 = performance.now();
    await tx.execute(sql`insert into register_logs (register_id, facility_id, day, slot, take, values, out_of_range, entered_at, space_id, secure_space_path)
      select r.id, a.id, d::date, d::date, 1,
        jsonb_build_array(jsonb_build_object('param', ${ref.param}::text, 'value', round((2 + random() * 3.4)::numeric, 1), 'outOfRange', false)),
        false, d + interval '9 hours', ${client}::uuid, ${clientPath}
      from registers r
      cross join spaces a
      cross join generate_series(${addDays(today, -DAYS)}::date, ${addDays(today, -1)}::date, interval '1 day') d
      where r.client_id = ${client}::uuid and a.type_structure = 'AREA' and a.secure_space_path like ${`${clientPath}%`}`);
    const seededMs = Math.round(performance.now() - t0);
    await tx.execute(sql`analyze register_logs`);
    await tx.execute(sql`analyze register_take_tally`); // filled by register_logs' triggers (decision 0049)
    const staffHash = await hashPassword(DEMO_PASSWORD);
    const [role] = (await tx.execute<{ id: string }>(sql`select id from roles where name = 'worker' and space_id = ${ref.root}::uuid`)).rows;
    await createUser(tx, {
      email: 'bench-staff@demo.test',
      username: 'bench-staff',
      password: DEMO_PASSWORD,
      passwordHash: staffHash,
      firstName: 'Bench',
      home: { id: client, path: clientPath, name: 'Hotel Banco de Pruebas' },
      roleIds: [role!.id],
    });
    const registers = (await tx.execute<{ id: string }>(sql`select id from registers where client_id = ${client}::uuid order by name`)).rows.map((r) => r.id);
    const areas = (
      await tx.execute<{ id: string }>(sql`select id from spaces where type_structure = 'AREA' and secure_space_path like ${`${clientPath}%`} order by name`)
    ).rows.map((r) => r.id);
    const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from register_logs where secure_space_path = ${clientPath}`)).rows as [
      { n: number },
    ];
    return { registers, areas, param: ref.param, seededMs, values: n };
  });
}

export async function benchRegisters(engine: 'pglite' | 'postgres') {
  const server = await startServer(engine);
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    const today = todayInZone('Europe/Madrid');
    const seeded = await seedRegisters(server.db, today);
    progress(`seeded ${seeded.values} values`);
    const api = apiOf(server.base);
    const staff = await api.signin('bench-staff@demo.test');
    const auditor = await api.signin('auditor@demo.test');
    const headersOf = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
    const figures: Record<string, Record<string, number | string>> = {
      seed: { registers: seeded.registers.length, facilities: seeded.areas.length, values: seeded.values, logsSeedMs: seeded.seededMs },
    };
    const monthDay = addDays(today, -40); // a whole past month
    const value = (i: number) => ({ param: seeded.param, value: `${2 + (i % 30) / 10}`.replace('.', ',') });
    let saveRegister = 0;
    const calls: Record<string, (round: number) => TRequest[]> = {
      grid_month: (round) =>
        Array.from({ length: PER_ROUND }, (_, i) => ({
          method: 'POST',
          path: `/ms-registry/api/registers/${seeded.registers[(round * PER_ROUND + i) % seeded.registers.length]}/facility-data`,
          headers: headersOf(staff),
          body: JSON.stringify({ date: monthDay }),
        })),
      check_all: () =>
        Array.from({ length: PER_ROUND }, () => ({
          method: 'POST',
          path: '/ms-registry/api/registers/pending/check-all',
          headers: headersOf(staff),
          body: '{}',
        })),
      // Each save is today's take of a register not yet saved, for its 50 facilities at once.
      save_50: () =>
        Array.from({ length: PER_ROUND }, () => ({
          method: 'POST',
          path: `/ms-registry/api/registers/${seeded.registers[saveRegister++]}/answer/add`,
          headers: headersOf(staff),
          body: JSON.stringify({ date: today, facilities: seeded.areas.map((id, i) => ({ _id: id, values: [value(i)] })) }),
        })),
    };
    // One of each first, so a refused request says why (the load generator only counts statuses).
    for (const [name, requests] of Object.entries(calls)) {
      const [r] = requests(0);
      const res = await fetch(`${server.base}${r!.path}`, { method: r!.method, headers: r!.headers, body: r!.body });
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      progress(`${name} answers`);
    }
    const rounds: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, requests] of Object.entries(calls)) {
        const measured = await measureWithCpu(server, requests(round), { concurrency: 1 });
        (rounds[name] ??= []).push(measured.medianMs);
        (cpu[name] ??= []).push(Math.round(measured.cpuMsPerOp * 10) / 10);
        progress(`${name} round ${round}: ${measured.medianMs} ms, ${cpu[name].at(-1)} CPU ms per request`);
      }
    const budget: Record<string, number> = { grid_month: 150, check_all: 200, save_50: 100 };
    for (const [name, values] of Object.entries(rounds))
      figures[name] = {
        medianMs: median(values),
        budgetMs: budget[name]!,
        rounds: values.join(' / '),
        cpuMs: median(cpu[name]!),
        cpuRounds: cpu[name]!.join(' / '),
      };

    progress('sequential rounds done');
    // 50 staff at once, each their own facility of one register: every value stored exactly once.
    const target = seeded.registers[seeded.registers.length - 1]!;
    const own = seeded.areas.map((id, i) => ({
      method: 'POST',
      path: `/ms-registry/api/registers/${target}/answer/add`,
      headers: headersOf(staff),
      body: JSON.stringify({ date: today, facilities: [{ _id: id, values: [value(i)] }] }),
    }));
    const c0 = performance.now();
    const answers = await Promise.all(
      own.map((r) =>
        fetch(`${server.base}${r.path}`, { method: r.method, headers: r.headers, body: r.body }).then(async (res) => ({
          status: res.status,
          text: res.ok ? '' : await res.text(),
        })),
      ),
    );
    const c50 = {
      requests: answers.length,
      wallMs: Math.round(performance.now() - c0),
      ok: answers.filter((x) => x.status === 200).length,
      sample: answers.find((x) => x.status !== 200)?.text.slice(0, 160) ?? '',
    };
    const stored = await unsafeUnscoped(server.db, (tx) =>
      tx.execute<{ n: number; distinct: number }>(
        sql`select count(*)::int as n, count(distinct facility_id)::int as distinct from register_logs where register_id = ${target}::uuid and slot = ${today}::date`,
      ),
    );
    figures.c50_save = { ...c50, stored: stored.rows[0]!.n, distinct: stored.rows[0]!.distinct };
    if (stored.rows[0]!.n !== seeded.areas.length || stored.rows[0]!.distinct !== seeded.areas.length)
      throw new Error('50 concurrent saves lost or doubled a value');

    progress('50 concurrent saves done');
    // 50 staff saving the same facility's take at once: one stored, the others told it exists (422).
    const same = seeded.registers[seeded.registers.length - 2]!;
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${server.base}/ms-registry/api/registers/${same}/answer/add`, {
          method: 'POST',
          headers: headersOf(staff),
          body: JSON.stringify({ date: today, facilities: [{ _id: seeded.areas[0], values: [value(i)] }] }),
        }).then((r) => r.status),
      ),
    );
    const sameRows = await unsafeUnscoped(server.db, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from register_logs where register_id = ${same}::uuid and slot = ${today}::date`),
    );
    figures.c50_same = {
      ok: statuses.filter((s) => s === 200).length,
      refused409: statuses.filter((s) => s === 409).length,
      other: statuses.filter((s) => s !== 200 && s !== 409).length,
      stored: sameRows.rows[0]!.n,
    };
    const sample = await fetch(`${server.base}/ms-registry/api/registers/${same}/answer/add`, {
      method: 'POST',
      headers: headersOf(staff),
      body: JSON.stringify({ date: today, facilities: [{ _id: seeded.areas[0], values: [value(0)] }] }),
    });
    figures.c50_same.after = `${sample.status} ${(await sample.text()).slice(0, 120)}`;
    // Reported, not asserted (the API tests assert it): one stored value, a refused twin is 409 with reference 422.

    progress('50 saves of one take done');
    // The annual PDF of one register (50 facilities × 365 takes), from the ask to its URL.
    const t0 = performance.now();
    const ask = () => api.call(auditor, 'POST', `/ms-registry/api/registers/${seeded.registers[0]}/pdf`, { annual: true, date: addDays(today, -1) });
    await ask();
    for (;;) {
      const again = (await ask()) as { pdfUrl?: string };
      if (again.pdfUrl) break;
      if (performance.now() - t0 > 120_000) throw new Error('annual PDF not ready after 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    figures.pdf_annual = { readyMs: Math.round(performance.now() - t0), budgetMs: 10_000 };
    return figures;
  } finally {
    await server.stop();
  }
}
