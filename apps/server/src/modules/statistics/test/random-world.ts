import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../../platform/db.js';
import { unsafeUnscoped } from '../../../platform/tenancy.js';
import { addSpace, addUser, createTenant, signIn } from '../../../test/factories.js';
import type { TTestApp } from '../../../test/harness.js';
import type { TSeedSpace } from '../../../seed/build.js';

/**
 * A generated world for the consistency test (decision 0081): audits with their questions and
 * answers, audit incidents, corrective actions, register takes and lab results, written as raw rows
 * with a seeded random generator, and kept here as plain objects: the second way computes every
 * figure from these objects, not from the server's code.
 */

/** mulberry32: the same rows on every run (a failure can be replayed). */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

export const S1 = randomUUID();
export const S2 = randomUUID();
export const TEMPLATES = { [randomUUID()]: 'Higiene', [randomUUID()]: 'Alérgenos' } as Record<string, string>;
export const [T1, T2] = Object.keys(TEMPLATES) as [string, string];
/** Each template's questions (template question id → text). */
const QUESTIONS: Record<string, [string, string][]> = {
  [T1]: [randomUUID(), randomUUID(), randomUUID(), randomUUID()].map((id, n) => [id, `Pregunta H${n + 1}`]),
  [T2]: [randomUUID(), randomUUID(), randomUUID()].map((id, n) => [id, `Pregunta A${n + 1}`]),
};
const INCIDENCES = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const OWN_NAMES = ['Suciedad en suelo', ' suciedad en SUELO ', 'Etiqueta rota'];
const RISKS = ['high', 'medium', 'low', 'infrastructure', 'IE', 'P1'] as const;
const PARAMETERS = ['pH', 'Cloro libre', 'E. coli', 'Listeria'];
export const LAB_CATEGORIES = ['food', 'pool', 'legionella', 'others'] as const;
/** Times of day that sit on a UTC day's edges, where a range bound is easiest to get wrong. */
const TIMES = ['00:00:00', '10:00:00', '23:59:59'];

export interface TPlace {
  client: TSeedSpace;
  est: TSeedSpace;
  area: TSeedSpace;
  /** The establishment's time zone (its own or its client's; Europe/Madrid when neither sets one): its actions' days are counted there. */
  zone: string;
}
export interface TAuditRow {
  id: string;
  place: TPlace;
  status: string;
  template: string;
  service: string;
  start: string;
  total: number;
  final: number;
  /** The first deduction of its incidents (calls document §9); 0 for none. */
  deduction: number;
  risk: 'HIGH' | 'MEDIUM' | 'LOW';
  /** One entry per asked copy of a template question: failed, passed or unanswered (null). */
  answers: { question: string; name: string; failed: boolean | null }[];
}
export interface TIncidentRow {
  id: string;
  audit: TAuditRow;
  area: TSeedSpace | null;
  name: string;
  risk: string;
  status: string;
  templateIssue: string | null;
  type: string | null;
  category: string | null;
}
export interface TTaskRow {
  incident: TIncidentRow;
  status: string;
  created: Date;
  due: string | null;
  completed: Date | null;
}
export interface TTakeRow {
  register: TRegisterRow;
  facility: TSeedSpace;
  establishment: TSeedSpace;
  slot: string;
  log: 'values' | 'manual' | 'empty' | null;
  missed: boolean;
}
export interface TRegisterRow {
  id: string;
  client: TSeedSpace;
  areaAccess: string;
  template: string;
}
export interface TLabRow {
  path: string;
  category: (typeof LAB_CATEGORIES)[number];
  day: string;
  client: TSeedSpace;
  est: TSeedSpace;
  area: TSeedSpace | null;
  results: { parameter: string; value: number; min: number | null; max: number | null }[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** The rows of one tenant's places, written and returned. */
async function generate(tx: TDb, places: TPlace[], registers: TRegisterRow[], seed: number) {
  const r = generator(seed);
  const audits: TAuditRow[] = [];
  const incidents: TIncidentRow[] = [];
  const tasks: TTaskRow[] = [];
  const takes: TTakeRow[] = [];
  const labs: TLabRow[] = [];
  const randomDay = () => `${r.pick(['2024', '2025', '2025'])}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
  for (const place of places) {
    for (let n = 0; n < 9; n++) {
      const template = r.pick([T1, T1, T2]);
      const total = r.pick([100, 200, 50, 100, 0]);
      const answers = QUESTIONS[template]!.flatMap(([question, name]) => {
        const one = () => ({ question, name, failed: r.chance(0.1) ? null : r.chance(0.45) });
        return r.chance(0.15) ? [one(), one()] : [one()];
      });
      audits.push({
        id: randomUUID(),
        place,
        status: n === 8 ? 'running' : 'finished',
        template,
        service: r.pick([S1, S2]),
        start: `${randomDay()}T${r.pick(TIMES)}Z`,
        total,
        final: r.int(0, total),
        deduction: r.pick([0, 0, 3, 5, 10]),
        risk: r.pick(['HIGH', 'MEDIUM', 'LOW'] as const),
        answers,
      });
    }
  }
  // The range's edges: one audit exactly on each side of 2025-01-01 and 2025-06-30 (UTC).
  for (const start of ['2024-12-31T23:59:59Z', '2025-01-01T00:00:00Z', '2025-06-30T23:59:59Z', '2025-07-01T00:00:00Z']) {
    audits.push({ ...audits.find((a) => a.status === 'finished')!, id: randomUUID(), start });
  }
  for (const audit of audits.filter((a) => a.status === 'finished')) {
    for (let n = r.int(0, 3); n > 0; n--) {
      const own = r.chance(0.3);
      incidents.push({
        id: randomUUID(),
        audit,
        area: r.chance(0.7) ? audit.place.area : null,
        templateIssue: own ? null : r.pick(INCIDENCES),
        name: own ? r.pick(OWN_NAMES) : `Incidencia ${n}`,
        risk: r.pick(RISKS),
        status: r.pick(['running', 'running', 'resolved', 'solvedInPlace', 'superseded']),
        type: r.chance(0.4) ? r.pick(['pests', 'cleaning']) : null,
        category: r.chance(0.5) ? 'hygiene' : null,
      });
    }
  }
  const now = Date.now();
  for (const incident of incidents) {
    for (let n = r.int(0, 2); n > 0; n--) {
      const created = new Date(now - r.int(0, 150) * DAY_MS - r.int(0, 23) * 3_600_000);
      const status = r.pick(['toDo', 'running', 'complete']);
      tasks.push({
        incident,
        status,
        created,
        due: r.chance(0.15) ? null : new Date(created.getTime() + r.int(-5, 60) * DAY_MS).toISOString().slice(0, 10),
        // Whole multiples of 3 hours: an eighth of a day, exact in both ways of counting.
        completed: status === 'complete' && r.chance(0.9) ? new Date(created.getTime() + r.int(1, 120) * 3 * 3_600_000) : null,
      });
    }
  }
  // One open task in each age bucket (0-7, 8-30, 31-90, 90+ days), whatever the draw: the buckets are
  // compared, and an empty one would compare nothing (about one world in five left '0-7' empty).
  const running = incidents.filter((i) => i.status === 'running');
  [2, 15, 45, 120].forEach((days, n) => {
    const created = new Date(now - days * DAY_MS - 5 * 3_600_000);
    tasks.push({ incident: running[n % running.length]!, status: 'toDo', created, due: null, completed: null });
  });
  const seen = new Set<string>();
  for (let n = 0; n < 60; n++) {
    const place = r.pick(places);
    const register = r.pick(registers.filter((g) => g.client.id === place.client.id));
    if (!register) continue;
    const slot = randomDay();
    const key = `${register.id}|${place.area.id}|${slot}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const log = r.pick(['values', 'manual', 'empty', null] as const);
    takes.push({ register, facility: place.area, establishment: place.est, slot, log, missed: log === null || (log === 'empty' && r.chance(0.5)) });
  }
  for (const place of places) {
    for (let n = 0; n < 6; n++) {
      const area = r.chance(0.5) ? place.area : null;
      labs.push({
        path: (area ?? place.est).path,
        category: r.pick(LAB_CATEGORIES),
        day: randomDay(),
        client: place.client,
        est: place.est,
        area,
        results: Array.from({ length: r.int(1, 4) }, (_, i) => ({
          parameter: PARAMETERS[i]!,
          value: r.int(0, 100) / 10,
          min: r.chance(0.3) ? null : r.int(0, 30) / 10,
          max: r.chance(0.3) ? null : r.int(50, 90) / 10,
        })),
      });
    }
  }
  await write(tx, { audits, incidents, tasks, takes, labs });
  return { audits, incidents, tasks, takes, labs };
}
export type TRows = Awaited<ReturnType<typeof generate>>;

/** The score % the product stores at finish (calls document §9), written here for the raw rows: totals are 50, 100 or 200, so it is exact to 1 decimal. */
export const storedPercentage = (a: Pick<TAuditRow, 'total' | 'final' | 'deduction'>) =>
  a.total > 0 ? Math.max(0, (a.final * 100) / a.total - a.deduction) : null;

async function write(tx: TDb, w: Omit<TRows, never>) {
  for (const a of w.audits) {
    const { est, client } = a.place;
    await tx.execute(sql`insert into audits (id, space_id, secure_space_path, status, template_id, template_name, client_id, establishment_id, service_id,
        start_date, date_from, date_to, total_score, final_score, percentage, recalculated_risk, finished_date)
      values (${a.id}, ${est.id}, ${est.path}, ${a.status === 'finished' ? 'running' : a.status}, ${a.template}, ${TEMPLATES[a.template]}, ${client.id}, ${est.id}, ${a.service},
        ${a.start}::timestamptz, ${a.start}::timestamptz, ${a.start}::timestamptz, ${a.total}, ${a.final}, ${storedPercentage(a)}, ${a.risk}, ${a.start}::timestamptz)`);
    const section = randomUUID();
    await tx.execute(
      sql`insert into audit_sections (id, audit_id, space_id, secure_space_path, title, type) values (${section}, ${a.id}, ${est.id}, ${est.path}, 'S', 'QUESTIONS')`,
    );
    for (const q of a.answers) {
      const id = randomUUID();
      await tx.execute(sql`insert into audit_questions (id, audit_id, space_id, secure_space_path, section_id, template_question_id, name, type)
        values (${id}, ${a.id}, ${est.id}, ${est.path}, ${section}, ${q.question}, ${q.name}, 'YES_NO')`);
      if (q.failed !== null) {
        await tx.execute(sql`insert into audit_answers (audit_id, space_id, secure_space_path, section_id, question_id, template_answer, failed)
          values (${a.id}, ${est.id}, ${est.path}, ${section}, ${id}, '{}'::jsonb, ${q.failed})`);
      }
    }
    // Finished after its answers, as the product finishes one: the repeat chains' trigger reads them (migration 0067).
    if (a.status === 'finished') await tx.execute(sql`update audits set status = 'finished' where id = ${a.id}`);
  }
  for (const i of w.incidents) {
    const { est, client } = i.audit.place;
    await tx.execute(sql`insert into incidents (id, space_id, secure_space_path, kind, status, name, risk_level, type, category, client_id, establishment_id,
        area_id, audit_id, audit_date, template_issue_id, template_id)
      values (${i.id}, ${est.id}, ${est.path}, 'audits', ${i.status}, ${i.name}, ${i.risk}, ${i.type}, ${i.category}, ${client.id}, ${est.id},
        ${i.area?.id ?? null}, ${i.audit.id}, ${i.audit.start}::timestamptz, ${i.templateIssue}, ${i.audit.template})`);
  }
  for (const t of w.tasks) {
    const { est } = t.incident.audit.place;
    await tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, due_date, created_at, completed_at)
      values (${est.id}, ${est.path}, ${t.incident.id}, 'Acción', ${t.status}, ${t.due}, ${t.created.toISOString()}::timestamptz, ${t.completed?.toISOString() ?? null}::timestamptz)`);
  }
  for (const k of w.takes) {
    const { client } = k.register;
    if (k.log) {
      await tx.execute(sql`insert into register_logs (space_id, secure_space_path, register_id, facility_id, day, slot, values, completed)
        values (${client.id}, ${client.path}, ${k.register.id}, ${k.facility.id}, ${k.slot}, ${k.slot},
          ${k.log === 'values' ? '[{"field":"t","value":4}]' : '[]'}::jsonb, ${k.log === 'manual'})`);
    }
    if (k.missed) {
      await tx.execute(sql`insert into register_missed_takes (space_id, secure_space_path, register_id, facility_id, slot, window_end)
        values (${client.id}, ${client.path}, ${k.register.id}, ${k.facility.id}, ${k.slot}, ${k.slot})`);
    }
  }
  for (const l of w.labs) {
    const id = randomUUID();
    const spaceId = (l.area ?? l.est).id;
    await tx.execute(sql`insert into lab_reports (id, space_id, secure_space_path, category, number, extraction_date, client_id, establishment_id, area_id)
      values (${id}, ${spaceId}, ${l.path}, ${l.category}, ${id.slice(0, 8)}, ${l.day}, ${l.client.id}, ${l.est.id}, ${l.area?.id ?? null})`);
    for (const [position, x] of l.results.entries()) {
      const qualified = (x.min === null || x.value >= x.min) && (x.max === null || x.value <= x.max);
      await tx.execute(sql`insert into lab_results (space_id, secure_space_path, report_id, position, parameter, value, min_value, max_value, qualified)
        values (${spaceId}, ${l.path}, ${id}, ${position}, ${x.parameter}, ${x.value}, ${x.min}, ${x.max}, ${qualified})`);
    }
  }
}

async function register(tx: TDb, root: TSeedSpace, client: TSeedSpace, areaAccess: string): Promise<TRegisterRow> {
  const template = randomUUID();
  const id = randomUUID();
  await tx.execute(sql`insert into register_templates (id, space_id, secure_space_path, name, title, report_type)
    values (${template}, ${root.id}, ${root.path}, ${`Plantilla ${areaAccess}`}, 'Registro', 'default')`);
  await tx.execute(sql`insert into registers (id, space_id, secure_space_path, name, area_access, template_id, client_id, all_establishments, all_areas, period, frequency)
    values (${id}, ${client.id}, ${client.path}, ${`Registro ${areaAccess}`}, ${areaAccess}, ${template}, ${client.id}, true, true, 'monthly', 'daily')`);
  return { id, client, areaAccess, template };
}

/** What the second way needs to know of a caller: the same access lists the server reads. */
export interface TScope {
  path: string;
  services: string[];
  /** Lab categories granted (all four when the labDataAccess is empty). */
  lab: string[];
  /** registersAccess area accesses (empty: all). */
  registers: string[];
}

/**
 * Tenant A: two clients, four establishments with an area each, and the limited user (home on the
 * first establishment, services S1 only, lab pool only, registers kitchen only). Tenant B: one of
 * everything, never to be counted in A.
 */
export async function consistencyWorld(t: TTestApp, seed = 20251129) {
  const a = await createTenant(t.db, 'consa');
  const client2 = await addSpace(t.db, { name: 'Client two', parent: a.root });
  const est = [a.establishment];
  const areas = [a.area];
  for (const [name, parent] of [
    ['Establishment two', a.client],
    ['Establishment three', a.client],
    ['Establishment four', client2],
  ] as const) {
    const e = await addSpace(t.db, { name, parent, type: 'ESTABLISHMENT' });
    est.push(e);
    areas.push(await addSpace(t.db, { name: `Area of ${name}`, parent: e, type: 'AREA' }));
  }
  // Zones far from Madrid and from each other (decision 0094): establishment three in Kiritimati (UTC+14),
  // the second client (and so establishment four) in Pago Pago (UTC−11); the others keep the default.
  const zones = new Map([
    [est[2]!.id, 'Pacific/Kiritimati'],
    [client2.id, 'Pacific/Pago_Pago'],
  ]);
  await unsafeUnscoped(t.db, async (tx) => {
    for (const [id, zone] of zones) await tx.execute(sql`update spaces set time_zone = ${zone} where id = ${id}`);
  });
  const placesA = est.map((e, n) => {
    const client = n === 3 ? client2 : a.client;
    return { client, est: e, area: areas[n]!, zone: zones.get(e.id) ?? zones.get(client.id) ?? 'Europe/Madrid' };
  });
  const b = await createTenant(t.db, 'consb');
  const placesB = [{ client: b.client, est: b.establishment, area: b.area, zone: 'Europe/Madrid' }];
  const rows = await unsafeUnscoped(t.db, async (tx) => {
    const registersA = [
      await register(tx, a.root, a.client, 'kitchen'),
      await register(tx, a.root, a.client, 'pool'),
      await register(tx, a.root, client2, 'kitchen'),
    ];
    const registersB = [await register(tx, b.root, b.client, 'kitchen')];
    const inA = await generate(tx, placesA, registersA, seed);
    const inB = await generate(tx, placesB, registersB, seed + 1);
    return {
      audits: [...inA.audits, ...inB.audits],
      incidents: [...inA.incidents, ...inB.incidents],
      tasks: [...inA.tasks, ...inB.tasks],
      takes: [...inA.takes, ...inB.takes],
      labs: [...inA.labs, ...inB.labs],
    };
  });
  const limited = await addUser(t.db, { email: `limited.${a.tag}@example.com`, firstName: 'Limited', home: a.establishment, roleIds: [a.roles.USER!] });
  await unsafeUnscoped(t.db, (tx) =>
    tx.execute(sql`update users set access_services = ${`{${S1}}`}::uuid[], lab_data_access = '{labDataPool}'::text[],
      registers_access = '[{"areaAccess":"kitchen"}]'::jsonb where id = ${limited.id}`),
  );
  const all = [...LAB_CATEGORIES];
  return {
    a,
    b,
    client2,
    est,
    areas,
    rows,
    users: {
      admin: { api: (await signIn(t.app, a.admin.email)).api, scope: { path: a.root.path, services: [], lab: all, registers: [] } as TScope },
      limited: {
        api: (await signIn(t.app, `limited.${a.tag}@example.com`)).api,
        scope: { path: a.establishment.path, services: [S1], lab: ['pool'], registers: ['kitchen'] } as TScope,
      },
      adminB: { api: (await signIn(t.app, b.admin.email)).api, scope: { path: b.root.path, services: [], lab: all, registers: [] } as TScope },
    },
  };
}
export type TConsistencyWorld = Awaited<ReturnType<typeof consistencyWorld>>;
