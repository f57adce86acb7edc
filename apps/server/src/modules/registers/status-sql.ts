import { sql } from 'drizzle-orm';
import { dueTakes, periodOf, registerStatus, takesPerSlot, type TFrequency, type TRegisterStatus } from '@audit/domain/registers';
import { dayInZone, todayInZone } from '@audit/domain/dates';
import type { TDb } from '../../platform/db.js';
import type { TScope } from '../../platform/tenancy.js';
import * as spaces from '../spaces/service.js';
import { establishmentAbove, type TFacility } from './facilities.js';
import type { TRegisterRow } from './tables.js';

/**
 * The facts every register list needs (status, facilities, totals), for many registers at once
 * with a fixed number of queries: the spaces of all their clients in two reads, every zone in one,
 * and the status of all of them in one SQL aggregate over the due takes of each current period
 * (decision 0037). Before, each register cost four to six queries (a page of 100: ~500).
 */
export interface TRegisterFacts {
  facilities: TFacility[];
  establishments: number;
  today: string;
  status: TRegisterStatus;
  due: number;
  done: number;
}

const schedule = (r: TRegisterRow) => ({ period: r.period as TFrequency, frequency: r.frequency as TFrequency, takesPerDay: r.takesPerDay });

/** A Postgres array literal of uuids or days (the values are ours: ids from rows, days we computed). */
const arrayLiteral = (values: string[]) => `{${values.join(',')}}`;

/** The facilities of many registers: the establishments of all their clients, then all their areas (two reads). */
export async function facilitiesOfMany(tx: TDb, scope: TScope, rows: TRegisterRow[]) {
  const clients = [...new Set(rows.map((r) => r.clientId))];
  const establishments = await spaces.childSpaces(tx, scope, clients, 'ESTABLISHMENT');
  // A login limited to an area acts below its establishment, which no scoped query returns.
  const above = new Map(clients.map((c) => [c, establishmentAbove(scope, c)]));
  const areas = await spaces.childSpaces(
    tx,
    scope,
    [...establishments.map((e) => e.id), ...[...above.values()].filter((e): e is string => Boolean(e))],
    'AREA',
  );
  const out = new Map<string, { establishments: string[]; facilities: TFacility[] }>();
  for (const r of rows) {
    const chosen = new Set(r.establishmentIds);
    const ests = establishments.filter((e) => e.parentId === r.clientId && (r.allEstablishments || chosen.has(e.id))).map((e) => e.id);
    const mine = above.get(r.clientId);
    if (mine && (r.allEstablishments || chosen.has(mine))) ests.push(mine);
    const inEst = new Set(ests);
    const picked = new Set(r.areaIds);
    const facilities = areas
      .filter((a) => inEst.has(a.parentId!) && (r.allAreas || picked.has(a.id)))
      .map((a) => ({ id: a.id, name: a.name, establishment: a.parentId! }));
    out.set(r.id, { establishments: ests, facilities });
  }
  return out;
}

/** The time zone of each register's space, in one read. */
export async function zonesOf(tx: TDb, rows: Pick<TRegisterRow, 'secureSpacePath'>[]) {
  const paths = [...new Set(rows.map((r) => r.secureSpacePath))];
  if (!paths.length) return new Map<string, string>();
  const result = await tx.execute<{ path: string; zone: string }>(
    sql`select p.path, space_time_zone(p.path) as zone from unnest(${arrayLiteral(paths.map((p) => JSON.stringify(p)))}::text[]) as p(path)`,
  );
  return new Map(result.rows.map((r) => [r.path, r.zone]));
}

/**
 * Status of each register in its current period: closed when the period is closed; else pending
 * while a due take (slot started, up to today in the space's zone) of one of its facilities has
 * neither values nor a manual completion. One aggregate: each register's count of stored takes of
 * its current facilities, slots and take numbers (from the take tally), and whether its period is closed.
 */
export async function registerFacts(tx: TDb, scope: TScope, rows: TRegisterRow[], now: Date = new Date()): Promise<Map<string, TRegisterFacts>> {
  const out = new Map<string, TRegisterFacts>();
  if (!rows.length) return out;
  const [zones, spaces] = [await zonesOf(tx, rows), await facilitiesOfMany(tx, scope, rows)];
  const plan = rows.map((r) => {
    const zone = zones.get(r.secureSpacePath)!;
    const today = todayInZone(zone, now);
    const [start] = periodOf(r.period as TFrequency, today);
    const { facilities, establishments } = spaces.get(r.id)!;
    // Only takes since the register exists are owed, and only those count as done (decision 0064).
    const takes = dueTakes(schedule(r), today, today, dayInZone(r.createdAt, zone));
    return { row: r, today, start, from: takes[0]?.slot ?? today, facilities, establishments, due: takes.length * facilities.length };
  });
  // Each register's facilities as one comma-separated text (a 2-D array would not unnest per row).
  const facilityLists = plan.map((p) => JSON.stringify(p.facilities.map((f) => f.id).join(',')));
  // `materialized`: each register's facility array is parsed once, not once per row the count reads
  // (inlined, the parse ran in the scan's filter: ~8 s for 200 registers of a month; decision 0049).
  const counted = await tx.execute<{ id: string; closed: boolean; done: number }>(sql`
    with p as materialized (
      select p.id, p.start_day, p.from_day, p.today, p.takes, string_to_array(p.facilities, ',')::uuid[] as facilities from unnest(
        ${arrayLiteral(plan.map((p) => p.row.id))}::uuid[], ${arrayLiteral(plan.map((p) => p.start))}::date[], ${arrayLiteral(plan.map((p) => p.from))}::date[],
        ${arrayLiteral(plan.map((p) => p.today))}::date[], ${arrayLiteral(plan.map((p) => String(takesPerSlot(schedule(p.row)))))}::int[],
        ${arrayLiteral(facilityLists)}::text[]
      ) as p(id, start_day, from_day, today, takes, facilities)
    )
    -- Per register, the tally of its period's takes (register_take_tally: a row per take naming the
    -- facilities stored, kept by register_logs' triggers): ~26 rows for a month's daily sheet, not
    -- the 1 300 log rows of its 50 facilities. Facilities no longer in the register do not count.
    select p.id,
      exists (select 1 from register_closures c where c.register_id = p.id and c.kind = 'period' and c.start_day = p.start_day) as closed,
      coalesce((select sum(case when t.facilities <@ p.facilities then cardinality(t.facilities)
            else (select count(*) from unnest(t.facilities) as f where f = any (p.facilities)) end)::int
        from register_take_tally t
        where t.register_id = p.id and t.slot between p.from_day and p.today and t.take <= p.takes), 0) as done
    from p`);
  const byId = new Map(counted.rows.map((c) => [c.id, c]));
  for (const p of plan) {
    const c = byId.get(p.row.id);
    const closed = Boolean(c?.closed);
    const done = Math.min(Number(c?.done ?? 0), p.due);
    out.set(p.row.id, {
      facilities: p.facilities,
      establishments: p.row.allEstablishments ? p.establishments.length : p.row.establishmentIds.length,
      today: p.today,
      status: registerStatus({ closed, due: p.due, done }),
      due: p.due,
      done,
    });
  }
  return out;
}
