import { and, eq, gte, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, dayInZone, formatStoredDay, todayInZone } from '@audit/domain/dates';
import { dueTakes, periodOf, type TFrequency, type TSchedule } from '@audit/domain/registers';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped, type TScope } from '../../platform/tenancy.js';
import type { TDb } from '../../platform/db.js';
import { sendEmailJob } from '../notifications/email.js';
import { notifyUser } from '../notifications/service.js';
import { membersBelowWithPermission } from '../users/service.js';
import { withinRegistersAccess } from './policy.js';
import { facilitiesOfMany, zonesOf } from './status-sql.js';
import { registerClosures, registerLogs, registerMissedTakes, registers, type TRegisterRow } from './tables.js';

/**
 * Missed takes (decision 0037). Every hour a job looks, per client, for takes whose window has
 * passed (in the space's time zone: a Madrid kitchen's day ends at midnight in Madrid) with no
 * value and no manual completion for a facility, records each once (a unique key: a second run
 * or a second server records nothing more) and tells the register's users about the ones it
 * recorded: a bell notification and an e-mail through the job queue, in each user's language.
 */

/** How far back a run looks: a server down for a few days still catches up; older gaps are history, not news. */
export const MISSED_LOOKBACK_DAYS = 7;

const scheduleOf = (r: TRegisterRow): TSchedule => ({ period: r.period as TFrequency, frequency: r.frequency as TFrequency, takesPerDay: r.takesPerDay });

/**
 * The takes whose window ended before `today` and not before `from` (every period that overlaps):
 * `from` is the register's creation day or the look-back, so a take whose window was still open
 * when the register was created counts, and none before it (decision 0064).
 */
export function endedTakes(schedule: TSchedule, from: string, today: string) {
  const out: ReturnType<typeof dueTakes> = [];
  for (let day = periodOf(schedule.period, from)[0]; day < today; day = addDays(periodOf(schedule.period, day)[1], 1)) {
    out.push(...dueTakes(schedule, day, today, from).filter((t) => t.end < today));
  }
  return out;
}

interface TMissed {
  registerId: string;
  facilityId: string;
  slot: string;
  take: number;
  windowEnd: string;
}

/** The missed takes of one client's registers not yet recorded, recorded now (returned: only those this run recorded). */
async function recordClient(tx: TDb, scope: TScope, now: Date) {
  const rows = await tx.select().from(registers).where(eq(registers.secureSpacePath, scope.spacePath));
  if (!rows.length) return { rows, recorded: [] as TMissed[], names: new Map<string, string>() };
  const zones = await zonesOf(tx, rows);
  const places = await facilitiesOfMany(tx, scope, rows);
  const candidates: TMissed[] = [];
  let earliest = '9999-12-31';
  for (const r of rows) {
    const zone = zones.get(r.secureSpacePath)!;
    const today = todayInZone(zone, now);
    const created = dayInZone(r.createdAt, zone);
    const lookback = addDays(today, -MISSED_LOOKBACK_DAYS);
    const from = created > lookback ? created : lookback;
    const facilities = places.get(r.id)!.facilities;
    for (const take of endedTakes(scheduleOf(r), from, today)) {
      const start = periodOf(r.period as TFrequency, take.slot)[0];
      if (start < earliest) earliest = start;
      for (const f of facilities) candidates.push({ registerId: r.id, facilityId: f.id, slot: take.slot, take: take.take, windowEnd: take.end });
    }
  }
  if (!candidates.length) return { rows, recorded: [], names: new Map<string, string>() };
  const ids = [...new Set(candidates.map((c) => c.registerId))];
  const stored = await tx
    .select({ registerId: registerLogs.registerId, facilityId: registerLogs.facilityId, slot: registerLogs.slot, take: registerLogs.take })
    .from(registerLogs)
    .where(and(inArray(registerLogs.registerId, ids), gte(registerLogs.slot, earliest)));
  const closures = await tx
    .select({ registerId: registerClosures.registerId, kind: registerClosures.kind, startDay: registerClosures.startDay })
    .from(registerClosures)
    .where(and(inArray(registerClosures.registerId, ids), gte(registerClosures.startDay, earliest)));
  const key = (c: Pick<TMissed, 'registerId' | 'facilityId' | 'slot' | 'take'>) => `${c.registerId}|${c.facilityId}|${c.slot}|${c.take}`;
  const done = new Set(stored.map(key));
  const closed = new Set(closures.map((c) => `${c.registerId}|${c.kind}|${c.startDay}`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A closed period or (for daily takes) a closed day expects nothing: not missed.
  const missed = candidates.filter((c) => {
    const r = byId.get(c.registerId)!;
    if (done.has(key(c))) return false;
    if (closed.has(`${c.registerId}|period|${periodOf(r.period as TFrequency, c.slot)[0]}`)) return false;
    return !(c.slot === c.windowEnd && !r.dailyDisabled && closed.has(`${c.registerId}|day|${c.slot}`));
  });
  if (!missed.length) return { rows, recorded: [], names: new Map<string, string>() };
  const recorded = await tx
    .insert(registerMissedTakes)
    .values(missed.map((m) => ({ ...m, spaceId: scope.spaceId, secureSpacePath: scope.spacePath })))
    .onConflictDoNothing({ target: [registerMissedTakes.registerId, registerMissedTakes.facilityId, registerMissedTakes.slot, registerMissedTakes.take] })
    .returning();
  const names = new Map([...places.values()].flatMap((p) => p.facilities.map((f) => [f.id, f.name] as const)));
  return { rows, recorded: recorded.map((r) => ({ ...r })), names };
}

const WORDS = {
  es: {
    subject: (name: string) => `Registro «${name}»: tomas sin registrar`,
    intro: (name: string, n: number) => `El registro «${name}» tiene ${n} ${n === 1 ? 'toma' : 'tomas'} cuyo plazo ha pasado sin ningún valor:`,
    take: (n: number) => `toma ${n}`,
    more: (n: number) => `… y ${n} más.`,
  },
  en: {
    subject: (name: string) => `Register "${name}": missed takes`,
    intro: (name: string, n: number) => `The register "${name}" has ${n} ${n === 1 ? 'take' : 'takes'} whose window passed with no value:`,
    take: (n: number) => `take ${n}`,
    more: (n: number) => `… and ${n} more.`,
  },
};
const MAX_LINES = 20;

function mailOf(language: string, register: TRegisterRow, missed: TMissed[], names: Map<string, string>) {
  const w = WORDS[language === 'en' ? 'en' : 'es'];
  const lines = missed
    .slice(0, MAX_LINES)
    .map((m) => `- ${names.get(m.facilityId) ?? ''}: ${formatStoredDay(m.slot)}${register.takesPerDay > 1 ? ` (${w.take(m.take)})` : ''}`);
  if (missed.length > MAX_LINES) lines.push(w.more(missed.length - MAX_LINES));
  return { subject: w.subject(register.name), text: [w.intro(register.name, missed.length), '', ...lines].join('\n') };
}

/** Tells each user who may write the register (inside their registersAccess) about what this run recorded, in the same transaction. */
async function notifyClient(tx: TDb, scope: TScope, rows: TRegisterRow[], recorded: TMissed[], names: Map<string, string>) {
  const users = await membersBelowWithPermission(tx, scope.spacePath, 'REGISTER:WRITE');
  for (const register of rows) {
    const mine = recorded.filter((m) => m.registerId === register.id).sort((a, b) => (a.slot === b.slot ? a.take - b.take : a.slot < b.slot ? -1 : 1));
    if (!mine.length) continue;
    const day = mine[mine.length - 1]!.windowEnd;
    for (const u of users.filter((x) => withinRegistersAccess(x.registersAccess, register))) {
      await notifyUser(tx, { userId: u.id, spaceId: u.spaceId, spacePath: u.spacePath }, 'REGISTER_MISSED_TAKES', {
        name: register.name,
        registerId: register.id,
        missed: mine.length,
        day,
      });
      await enqueueJob(tx, { spaceId: u.spaceId, spacePath: u.spacePath }, sendEmailJob, { to: [u.email], ...mailOf(u.language, register, mine, names) });
    }
  }
}

/**
 * One run: every client with registers, one transaction each (so a client's notices exist exactly
 * when its missed takes are recorded). Across tenants by design: a reviewed unscoped read of where
 * registers are, then each client's work limited to that client's path.
 */
export async function recordMissedTakes(ctx: Pick<TModuleContext, 'db'>, now: Date = new Date()) {
  const clients = await unsafeUnscoped(ctx.db, (tx) =>
    tx.selectDistinct({ spaceId: registers.spaceId, spacePath: registers.secureSpacePath }).from(registers).orderBy(registers.secureSpacePath),
  );
  let total = 0;
  for (const c of clients) {
    const scope: TScope = { spaceId: c.spaceId, spacePath: c.spacePath, userId: null };
    total += await unsafeUnscoped(ctx.db, async (tx) => {
      const { rows, recorded, names } = await recordClient(tx, scope, now);
      if (recorded.length) await notifyClient(tx, scope, rows, recorded, names);
      return recorded.length;
    });
  }
  return total;
}

/** The hourly job (module.ts schedules it). `now` only for tests: a scheduled run carries {} and uses the clock. */
export const missedTakesJob = defineJob({
  name: 'registers.missed-takes',
  payload: z.object({ now: z.string().datetime().optional() }),
  options: { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, concurrency: 1 },
  handler: async (job, ctx) => {
    await recordMissedTakes(ctx, job.payload.now ? new Date(job.payload.now) : new Date());
  },
});
