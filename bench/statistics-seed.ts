import { sql, type SQL } from 'drizzle-orm';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import type { startServer } from './lib.js';

/**
 * The statistics bench's tenant (issue 25): under the demo's Hotel Mar Azul (client@demo.test's
 * client), 20 establishments of 2 areas each and, per audit (BENCH_STATS_AUDITS, 20,000 by default):
 * one section and 50 questions answered (1,000,000 answers; 9 audits in 10 finished with a stored
 * score percentage and risk, spread over the last three years), 10 audit incidents (200,000) with 2
 * corrective actions each (400,000), one lab report of 4 results; and 180 register values (3,600,000
 * register_logs rows: 50 daily registers of 2 takes over the 40 areas, as many days back as that
 * makes, with a missed third take one day in 7). All written through SQL, ids derived from md5 so
 * the rows can point at each other without a lookup.
 */
export const STATS_AUDITS = Number(process.env.BENCH_STATS_AUDITS ?? 20_000);
const ESTABLISHMENTS = 20;
const AREAS = 2;
const QUESTIONS = 50;
const INCIDENTS_PER_AUDIT = 10;
const REGISTERS = 50;
const TAKES = 2;
const VALUES_PER_AUDIT = 180;
const DAYS_BACK = 1095;

type TDb = Awaited<ReturnType<typeof startServer>>['db'];
const progress = (what: string) => process.stderr.write(`[statistics bench] ${what}\n`);

/** A uuid from a name (md5's, made version 4 so the filters' validation takes it): the bench's establishments and areas. */
const v4 = (name: SQL) => sql`overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17)::uuid`;

/** The bench's audits (those of its establishments). */
const BENCH_AUDITS = sql`a.establishment_id in (select id from spaces where identifier like 'bst-est-%')`;

export async function seedStatistics(db: TDb) {
  const t0 = performance.now();
  const step = async (what: string, work: (tx: Parameters<Parameters<typeof unsafeUnscoped>[1]>[0]) => Promise<unknown>) => {
    const t = performance.now();
    await unsafeUnscoped(db, work);
    progress(`${what}: ${Math.round(performance.now() - t)} ms`);
  };
  const [ref] = (
    await unsafeUnscoped(db, (tx) =>
      tx.execute<{ hotel: string; path: string; root_path: string; service: string; auditor: string; templates: number }>(sql`
        select h.id as hotel, h.secure_space_path as path, r.secure_space_path as root_path,
          (select id from services where code = 'AUD-HIG') as service, (select id from users where email = 'auditor@demo.test') as auditor,
          (select count(*)::int from audit_templates where secure_space_path = r.secure_space_path and category_id is not null) as templates
        from spaces h join spaces r on r.identifier = 'demo' where h.identifier = 'hotel-mar-azul'`),
    )
  ).rows;
  if (!ref?.templates) throw new Error('the demo data is missing (hotel-mar-azul, templates with a category)');
  const templates = ref.templates;

  await step('establishments and areas', async (tx) => {
    await tx.execute(sql`insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      select ${v4(sql`'bst-est-' || n`)}, ${ref.hotel}::uuid, 'bst-est-' || n, 'Hotel Banco ' || n, 'ESTABLISHMENT', ${ref.path} || ${v4(sql`'bst-est-' || n`)} || '/'
      from generate_series(0, ${ESTABLISHMENTS - 1}::int) n`);
    await tx.execute(sql`insert into spaces (id, parent_id, identifier, name, type_structure, secure_space_path)
      select ${v4(sql`'bst-area-' || n || '-' || k`)}, e.id, 'bst-area-' || n || '-' || k, 'Zona ' || k, 'AREA', e.secure_space_path || ${v4(sql`'bst-area-' || n || '-' || k`)} || '/'
      from generate_series(0, ${ESTABLISHMENTS - 1}::int) n join spaces e on e.id = ${v4(sql`'bst-est-' || n`)} cross join generate_series(0, ${AREAS - 1}::int) k`);
  });
  // Every day of the last three years in turn (7 is prime to 1095), an establishment in turn.
  await step('audits', (tx) =>
    tx.execute(sql`insert into audits (id, space_id, secure_space_path, status, template_id, template_name, client_id, establishment_id, service_id,
        auditor_id, start_date, date_from, date_to, total_score, final_score, percentage, recalculated_risk, finished_date)
      select md5('bst-audit-' || i)::uuid, e.id, e.secure_space_path, case when i % 10 = 0 then 'running' else 'finished' end,
        t.id, t.name, ${ref.hotel}::uuid, e.id, ${ref.service}::uuid,
        ${ref.auditor}::uuid, s.start, s.start, s.start + interval '2 hours', 100, s.score, case when i % 10 = 0 then null else s.score end,
        (array['HIGH', 'MEDIUM', 'LOW', 'LOW'])[1 + abs(hashtext('risk' || i)) % 4], case when i % 10 = 0 then null else s.start + interval '2 hours' end
      from generate_series(1, ${STATS_AUDITS}::int) i
      join spaces e on e.id = ${v4(sql`'bst-est-' || (i % ${ESTABLISHMENTS})`)}
      join (select id, name, row_number() over (order by name) - 1 as k from audit_templates
        where secure_space_path = ${ref.root_path} and category_id is not null) t on t.k = i % ${templates}
      cross join lateral (select date_trunc('hour', now()) - ((i * 7) % ${DAYS_BACK}) * interval '1 day' - (i % 600) * interval '1 minute' as start,
        50 + abs(hashtext('score' || i)) % 51 as score) s`),
  );
  await step('sections and questions', async (tx) => {
    await tx.execute(sql`insert into audit_sections (id, audit_id, space_id, secure_space_path, title, type)
      select md5('bst-sec-' || a.id)::uuid, a.id, a.space_id, a.secure_space_path, 'Higiene', 'QUESTIONS' from audits a where ${BENCH_AUDITS}`);
    await tx.execute(sql`insert into audit_questions (id, audit_id, space_id, secure_space_path, section_id, template_question_id, name, type, position)
      select md5('bst-q-' || a.id || '-' || q)::uuid, a.id, a.space_id, a.secure_space_path, md5('bst-sec-' || a.id)::uuid,
        md5('bst-tq-' || a.template_id || '-' || q)::uuid, 'Pregunta ' || q, 'YES_NO', q
      from audits a cross join generate_series(1, ${QUESTIONS}::int) q where ${BENCH_AUDITS}`);
  });
  // The first five questions fail often (so they come back), the others now and then.
  await step('answers', (tx) =>
    tx.execute(sql`insert into audit_answers (audit_id, space_id, secure_space_path, section_id, question_id, template_answer, score, failed)
      select a.id, a.space_id, a.secure_space_path, md5('bst-sec-' || a.id)::uuid, md5('bst-q-' || a.id || '-' || q)::uuid, '{"type":"select"}'::jsonb, 1,
        abs(hashtext(a.id::text || q)) % 100 < case when q <= 5 then 40 else 8 end
      from audits a cross join generate_series(1, ${QUESTIONS}::int) q where ${BENCH_AUDITS}`),
  );
  // The audits were written finished before their answers: their repeat chains are built once from them (migration 0067).
  await step('repeat chains', (tx) => tx.execute(sql`select statistics_question_outcomes_rebuild()`));
  await step('incidents', (tx) =>
    tx.execute(sql`insert into incidents (space_id, secure_space_path, kind, status, solved_in_place, name, risk_level, type, category, open_date,
        client_id, establishment_id, area_id, place, audit_id, audit_date, auditor_id, question_id, template_issue_id, template_id, template_name, created_by)
      select a.space_id, a.secure_space_path, 'audits', h.status, h.status = 'solvedInPlace', 'Incidencia ' || h.issue,
        (array['high', 'medium', 'medium', 'low', 'low', 'low', 'infrastructure', 'IE', 'P1'])[1 + h.x % 9],
        (array['pests', 'cleaning', 'maintenance', null])[1 + h.x % 4], (array['hygiene', 'structure', null])[1 + h.x % 3], a.start_date,
        a.client_id, a.establishment_id, ${v4(sql`'bst-area-' || substr(e.identifier, 9) || '-' || n % ${AREAS}`)}, 'Hotel Mar Azul › ' || e.name,
        a.id, a.start_date, a.auditor_id, md5('bst-q-' || a.id || '-' || n)::uuid, md5('bst-ti-' || h.issue)::uuid, a.template_id, a.template_name, a.auditor_id
      from audits a join spaces e on e.id = a.establishment_id cross join generate_series(1, ${INCIDENTS_PER_AUDIT}::int) n
      cross join lateral (select abs(hashtext(a.id::text || 'i' || n)) as x) hx
      cross join lateral (select hx.x, 1 + hx.x % 40 as issue,
        (array['running', 'running', 'resolved', 'resolved', 'solvedInPlace', 'superseded', 'escalated_to_client', 'no_response'])[1 + (hx.x / 9) % 8] as status) h
      where ${BENCH_AUDITS}`),
  );
  // Two corrective actions per incident: most of the old ones complete, the recent ones open.
  await step('corrective actions', (tx) =>
    tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, priority, due_date, created_at, completed_at, created_by)
      select i.space_id, i.secure_space_path, i.id, 'Acción ' || n, s.status, (array['high', 'medium', 'low'])[1 + s.x % 3],
        (i.open_date + interval '15 days')::date, i.open_date + n * interval '1 hour',
        case when s.status = 'complete' then i.open_date + (1 + s.x % 40) * interval '1 day' end, i.created_by
      from incidents i cross join generate_series(1, 2) n
      cross join lateral (select abs(hashtext(i.id::text || n)) as x) hx
      cross join lateral (select hx.x, case when i.open_date < now() - interval '60 days' and hx.x % 10 < 8 then 'complete'
        else (array['toDo', 'running', 'complete'])[1 + hx.x % 3] end as status) s
      where i.establishment_id in (select id from spaces where identifier like 'bst-est-%')`),
  );
  await step('lab reports and results', async (tx) => {
    await tx.execute(sql`insert into lab_reports (id, space_id, secure_space_path, category, number, extraction_date, client_id, establishment_id, area_id)
      select md5('bst-lab-' || a.id)::uuid, a.space_id, a.secure_space_path, (array['food', 'pool', 'legionella', 'others'])[1 + abs(hashtext(a.id::text)) % 4],
        'BL-' || a.id, (a.start_date at time zone 'UTC')::date, a.client_id, a.establishment_id, null
      from audits a where ${BENCH_AUDITS}`);
    await tx.execute(sql`insert into lab_results (space_id, secure_space_path, report_id, position, parameter, value, min_value, max_value, qualified)
      select r.space_id, r.secure_space_path, r.id, p, (array['pH', 'Cloro libre', 'E. coli', 'Listeria'])[p], v.value, 1, 8, v.value between 1 and 8
      from lab_reports r cross join generate_series(1, 4) p cross join lateral (select (abs(hashtext(r.id::text || p)) % 100) / 10.0 as value) v
      where r.number like 'BL-%'`);
  });
  // 50 daily registers of the client (each like one of the demo's, so of its area access, template and category), over every area.
  await step('registers', (tx) =>
    tx.execute(sql`with demo as (select template_id, area_access, category_id, row_number() over (order by name) - 1 as k from registers where client_id = ${ref.hotel}::uuid)
      insert into registers (id, space_id, secure_space_path, name, area_access, template_id, client_id, all_establishments, all_areas, category_id, period, frequency, takes_per_day)
      select md5('bst-reg-' || r)::uuid, ${ref.hotel}::uuid, ${ref.path}, 'Registro banco ' || r, d.area_access, d.template_id, ${ref.hotel}::uuid, true, true,
        d.category_id, 'monthly', 'daily', ${TAKES}
      from generate_series(1, ${REGISTERS}::int) r join demo d on d.k = r % (select count(*) from demo)`),
  );
  const perDay = REGISTERS * ESTABLISHMENTS * AREAS * TAKES;
  const days = Math.max(1, Math.round((STATS_AUDITS * VALUES_PER_AUDIT) / perDay));
  // A chunk of days per statement (the tally trigger reads each statement's new rows).
  for (let from = 1; from <= days; from += 60) {
    const to = Math.min(days, from + 59);
    await step(`register values, days ${from}-${to} of ${days}`, async (tx) => {
      await tx.execute(sql`insert into register_logs (space_id, secure_space_path, register_id, facility_id, day, slot, take, values, completed, entered_at)
        select ${ref.hotel}::uuid, ${ref.path}, md5('bst-reg-' || r)::uuid, f.id, d.day, d.day, t,
          case when h.x % 10 = 0 then '[]'::jsonb else jsonb_build_array(jsonb_build_object('param', 't', 'value', h.x % 80 / 10.0, 'outOfRange', false)) end,
          h.x % 20 = 0, d.day + interval '10 hours'
        from generate_series(${from}::int, ${to}::int) back cross join lateral (select current_date - back as day) d
        cross join generate_series(1, ${REGISTERS}::int) r
        cross join (select id from spaces where identifier like 'bst-area-%') f
        cross join generate_series(1, ${TAKES}::int) t
        cross join lateral (select abs(hashtext(r || f.id::text || back || t)) as x) h`);
      await tx.execute(sql`insert into register_missed_takes (space_id, secure_space_path, register_id, facility_id, slot, take, window_end)
        select ${ref.hotel}::uuid, ${ref.path}, md5('bst-reg-' || r)::uuid, f.id, current_date - back, ${TAKES + 1}, current_date - back
        from generate_series(${from}::int, ${to}::int) back cross join generate_series(1, ${REGISTERS}::int) r
        cross join (select id from spaces where identifier like 'bst-area-%') f where back % 7 = 0`);
    });
  }
  const tables = ['audits', 'audit_sections', 'audit_questions', 'audit_answers', 'incidents', 'incident_tasks', 'register_logs', 'register_missed_takes'];
  for (const table of [
    ...tables,
    'register_take_tally',
    'statistics_take_days',
    'statistics_take_months',
    'statistics_question_outcomes',
    'lab_reports',
    'lab_results',
    'registers',
    'spaces',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [counts] = (
    await unsafeUnscoped(db, (tx) =>
      tx.execute<Record<string, number>>(sql.raw(`select ${[...tables, 'lab_results'].map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`)),
    )
  ).rows;
  return { ...counts!, registerDays: days, seedMs: Math.round(performance.now() - t0), hotel: ref.hotel };
}
