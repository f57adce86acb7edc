import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  dueTakes,
  inCurrentPeriod,
  isLate,
  isWithinLimits,
  LOG_LOCK_MINUTES,
  parseMeasure,
  periodNameOf,
  periodOf,
  REPEATED_TAKES_DEFAULT,
  takeSlotOf,
  takesPerSlot,
  type TAnswerAdd,
  type TFrequency,
  type TLogEntryOut,
  type TPeriodName,
} from '@audit/domain/registers';
import { dayInZone, todayInZone } from '@audit/domain/dates';
import type { TOperation } from '@audit/domain/templates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb, TTransaction } from '../../platform/db.js';
import { AppError, invalidData } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { accessPredicate, visibleRegister, isAboveCaller } from './access.js';
import { recordTrace } from '../../platform/trace.js';
import { openMeasurementIncidents } from '../incidents/sources.js';
import { unsafeUserNames, unsafeUserNamesIn } from '../users/service.js';
import { facilitiesOf } from './facilities.js';
import { logFlags } from './flags.js';
import { loadTemplate, presentTemplates } from './templates.js';
import { isStaff, registerPolicy } from './policy.js';
import { loadRegister, zoneOf } from './load.js';
import { registerFacts } from './status-sql.js';
import { registerClosures, registerItems, registerLocks, registerLogs, registers, type TLogValue, type TRegisterLogRow, type TRegisterRow } from './tables.js';

/**
 * Logs of a register (decision 0031): the per-facility grid of a period, the checks before a save,
 * the save itself (RCL0001, 844, 422, RLD0001), the daily and period open/close, pending counts.
 */
const SECTION = 'register-logs';
const schedule = (r: TRegisterRow) => ({ period: r.period as TFrequency, frequency: r.frequency as TFrequency, takesPerDay: r.takesPerDay });

/** Entries as answered; `enteredBy` names are filled in after the transaction (namedAuthors) or in it (namedAuthorsIn). */
function presentEntries(rows: TRegisterLogRow[]): TLogEntryOut[] {
  return rows.map((r) => ({
    _id: r.id,
    facility: r.facilityId,
    date: r.day,
    slot: r.slot,
    take: r.take,
    values: r.values,
    fields: r.fields,
    completed: r.completed,
    reason: r.reason,
    outOfRange: r.outOfRange,
    late: r.late,
    enteredBy: r.enteredBy ? { _id: r.enteredBy, name: '' } : null,
    enteredAt: iso(r.enteredAt)!,
  }));
}

/**
 * Who entered each value, by name: an auditor's correction is shown to the client's staff too,
 * whose scope cannot read the company's users (only names leave; users module's reviewed read).
 */
const namedAuthors = (ctx: TModuleContext, entries: TLogEntryOut[]) => withNames(entries, (ids) => unsafeUserNames(ctx, ids));
/** The same, in the caller's transaction: a save answers from it, and a keyed save stores that answer with its key (decision 0093). */
const namedAuthorsIn = (tx: TTransaction, entries: TLogEntryOut[]) => withNames(entries, (ids) => unsafeUserNamesIn(tx, ids));

async function withNames(entries: TLogEntryOut[], namesOf: (ids: string[]) => Promise<Map<string, string>>) {
  const names = await namesOf(entries.flatMap((e) => (e.enteredBy ? [e.enteredBy._id] : [])));
  for (const e of entries) if (e.enteredBy) e.enteredBy.name = names.get(e.enteredBy._id) ?? '';
  return entries;
}

async function closedDays(tx: TDb, registerId: string, from: string, to: string) {
  return tx
    .select({ kind: registerClosures.kind, startDay: registerClosures.startDay })
    .from(registerClosures)
    .where(and(eq(registerClosures.registerId, registerId), sql`${registerClosures.startDay} between ${from} and ${to}`));
}

/**
 * The grid of the period containing `date` (default today): facilities, the due takes (columns),
 * what is stored, and its flags (flags.ts; decision 0036). A run of repeated values may start in
 * the previous period: the last takes before it are read for the flags only.
 */
export const facilityData = async (ctx: TModuleContext, caller: TAuth, id: string, date?: string, repeatTakes?: number) => {
  const grid = await scoped(ctx, caller, async (tx) => {
    const row = await loadRegister(tx, caller, id);
    const zone = await zoneOf(tx, row);
    const today = todayInZone(zone);
    const day = date ?? today;
    const [start, end] = periodOf(row.period as TFrequency, day);
    const facilities = await facilitiesOf(tx, caller, row);
    if (!facilities.length) throw new AppError('noFacilities');
    const entries = await tx
      .select()
      .from(registerLogs)
      .where(and(eq(registerLogs.registerId, id), sql`${registerLogs.slot} between ${start} and ${end}`))
      .orderBy(asc(registerLogs.slot), asc(registerLogs.take));
    const closures = await closedDays(tx, id, start, end);
    const showRepeated = isStaff(caller);
    const before = showRepeated
      ? await tx
          .select()
          .from(registerLogs)
          .where(and(eq(registerLogs.registerId, id), lt(registerLogs.slot, start)))
          .orderBy(desc(registerLogs.slot), desc(registerLogs.take))
          .limit(((repeatTakes ?? REPEATED_TAKES_DEFAULT) - 1) * facilities.length)
      : [];
    // What the grid asks for: the template's sections with their params and fields (client staff hold no TEMPLATES:READ).
    const [template] = await presentTemplates(tx, caller, [await loadTemplate(tx, caller, row.templateId)]);
    return {
      sections: template!.sections,
      flags: logFlags(entries, { repeatTakes, showRepeated, earlier: before }),
      period: [start, end] as [string, string],
      closed: closures.some((c) => c.kind === 'period' && c.startDay === start),
      closedDays: closures.filter((c) => c.kind === 'day').map((c) => c.startDay),
      // No take is owed before the register existed (decision 0064), but one that holds a reading is shown.
      takes: dueTakes(schedule(row), day, today).filter(
        (take) => take.end >= dayInZone(row.createdAt, zone) || entries.some((e) => e.slot === take.slot && e.take === take.take),
      ),
      facilities: facilities.map((f) => ({ _id: f.id, name: f.name, establishment: f.establishment })),
      entries: presentEntries(entries),
    };
  });
  await namedAuthors(ctx, grid.entries);
  return grid;
};

/**
 * The checks every write shares, in the order the user can act on them: the date (not after
 * today, 400), the facilities (844 outside the register), the take, the period (RCL0001 outside the
 * current one unless staff correct it; also when the period or the day is closed), the lock.
 */
async function checkWrite(tx: TDb, caller: TAuth, row: TRegisterRow, body: { date: string; take: number; facilities: string[] }) {
  registerPolicy.authorize(caller, 'write', row);
  const zone = await zoneOf(tx, row);
  const today = todayInZone(zone);
  if (body.date > today) throw invalidData(['date']);
  const facilities = await facilitiesOf(tx, caller, row);
  const known = new Set(facilities.map((f) => f.id));
  if (!facilities.length || body.facilities.some((f) => !known.has(f))) throw new AppError('noFacilities', ['facilities']);
  if (body.take > takesPerSlot(schedule(row))) throw invalidData(['take']);
  // The lock first: a day an administrator is correcting is refused as such, whatever else applies.
  const { slot, end } = takeSlotOf(schedule(row), body.date);
  const [lock] = await tx
    .select()
    .from(registerLocks)
    .where(and(eq(registerLocks.registerId, row.id), eq(registerLocks.day, slot), gt(registerLocks.expiresAt, new Date())))
    .limit(1);
  if (lock && lock.userId !== caller.userId) throw new AppError('registerLocked');
  const staff = registerPolicy.can(caller, 'correct', row);
  if (!inCurrentPeriod(row.period as TFrequency, body.date, today) && !staff) throw new AppError('dateOutsidePeriod', ['date']);
  // Staff opening a past day (to check or to save) correct it: they hold it for a while.
  const correcting = staff && body.date < today;
  const [periodStart] = periodOf(row.period as TFrequency, body.date);
  const closures = await closedDays(tx, row.id, periodStart, body.date);
  if (closures.some((c) => (c.kind === 'period' && c.startDay === periodStart) || (c.kind === 'day' && c.startDay === body.date && !row.dailyDisabled))) {
    throw new AppError('dateOutsidePeriod', ['date']);
  }
  if (correcting) {
    const expiresAt = new Date(Date.now() + LOG_LOCK_MINUTES * 60_000);
    await tx
      .insert(registerLocks)
      .values({ registerId: row.id, day: slot, userId: caller.userId, expiresAt, spaceId: row.spaceId, secureSpacePath: row.secureSpacePath })
      .onConflictDoUpdate({ target: [registerLocks.registerId, registerLocks.day], set: { userId: caller.userId, expiresAt } });
  }
  return { zone, slot, end };
}

/** Before a save: what is already stored for those facilities at that take (the 422 dialog's "recover"). */
export const checkRegisterData = async (ctx: TModuleContext, caller: TAuth, id: string, body: { date: string; take: number; facilities: string[] }) => {
  const found = await scoped(ctx, caller, async (tx) => {
    const row = await loadRegister(tx, caller, id);
    const { slot } = await checkWrite(tx, caller, row, body);
    const stored = await tx
      .select()
      .from(registerLogs)
      .where(
        and(eq(registerLogs.registerId, id), eq(registerLogs.slot, slot), eq(registerLogs.take, body.take), inArray(registerLogs.facilityId, body.facilities)),
      );
    return { exists: stored.length > 0, entries: presentEntries(stored) };
  });
  await namedAuthors(ctx, found.entries);
  return found;
};

/** Values checked against the template: known params and fields, numbers read with a comma, limits applied. */
async function readValues(tx: TDb, row: TRegisterRow, body: TAnswerAdd) {
  const items = await tx.select().from(registerItems).where(eq(registerItems.templateId, row.templateId));
  const params = new Map(items.filter((i) => i.kind === 'param').map((i) => [i.id, i]));
  const fields = new Set(items.filter((i) => i.kind === 'field').map((i) => i.id));
  if (body.fields.some((f) => !fields.has(f.field))) throw invalidData(['fields']);
  return body.facilities.map((f) => {
    if (f.completed && !row.manualCompletion) throw invalidData(['completed']);
    if (!f.completed && !f.values.length) throw invalidData(['values']);
    const values: TLogValue[] = f.values.map((v) => {
      const param = params.get(v.param);
      if (!param) throw invalidData(['values']);
      if (param.fieldType !== 'number' && param.fieldType !== 'counter') return { param: v.param, value: v.value, outOfRange: false };
      if (v.value === null || v.value === '') return { param: v.param, value: null, outOfRange: false };
      const value = parseMeasure(v.value);
      if (value === null) throw invalidData(['values']);
      const outOfRange =
        param.fieldType === 'number' && !isWithinLimits({ operation: param.operation as TOperation | null, min: param.min, max: param.max }, value);
      return { param: v.param, value, outOfRange };
    });
    return { facility: f._id, values, completed: f.completed, reason: f.reason ?? null, outOfRange: values.some((v) => v.outOfRange) };
  });
}

/** A reading outside its limits opens a measurement incident (the incidents module, decision 0038). */
async function openOutOfRangeIncidents(ctx: TModuleContext, tx: TDb, caller: TAuth, row: TRegisterRow, saved: TRegisterLogRow[]) {
  const outOfRange = saved.filter((log) => log.outOfRange);
  if (!outOfRange.length) return;
  const paramIds = outOfRange.flatMap((log) => log.values.filter((v) => v.outOfRange).map((v) => v.param));
  const names = new Map(
    (await tx.select({ id: registerItems.id, name: registerItems.name }).from(registerItems).where(inArray(registerItems.id, paramIds))).map((i) => [
      i.id,
      i.name,
    ]),
  );
  await openMeasurementIncidents(
    ctx,
    tx,
    caller,
    outOfRange.map((log) => ({
      logId: log.id,
      registerId: row.id,
      registerName: row.name,
      facilityId: log.facilityId,
      day: log.day,
      values: log.values.filter((v) => v.outOfRange).map((v) => ({ param: names.get(v.param) ?? v.param, value: v.value })),
    })),
  );
}

/**
 * Saves one take of one or more facilities. A take already stored for any of them is 422 (nothing
 * stored) unless `force`; the unique key makes concurrent saves of one take store it once. Staff
 * correcting a past period hold that day for LOG_LOCK_MINUTES (RLD0001 for other writers).
 */
export const addAnswer = (ctx: TModuleContext, caller: TAuth, id: string, body: TAnswerAdd) =>
  scoped(ctx, caller, async (tx) => {
    const row = await loadRegister(tx, caller, id);
    const facilityIds = body.facilities.map((f) => f._id);
    if (new Set(facilityIds).size !== facilityIds.length) throw invalidData(['facilities']);
    const { zone, slot, end } = await checkWrite(tx, caller, row, { ...body, facilities: facilityIds });
    const entries = await readValues(tx, row, body);
    const now = new Date();
    const values = entries.map((e) => ({
      registerId: id,
      facilityId: e.facility,
      day: body.date,
      slot,
      take: body.take,
      values: e.values,
      fields: body.fields,
      completed: e.completed,
      reason: e.reason,
      outOfRange: e.outOfRange,
      late: isLate(end, now, zone),
      enteredBy: caller.userId,
      enteredAt: now,
      spaceId: row.spaceId,
      secureSpacePath: row.secureSpacePath,
    }));
    const target = [registerLogs.registerId, registerLogs.facilityId, registerLogs.slot, registerLogs.take];
    const saved = body.force
      ? await tx
          .insert(registerLogs)
          .values(values)
          .onConflictDoUpdate({
            target,
            set: {
              day: sql`excluded.day`,
              values: sql`excluded.values`,
              fields: sql`excluded.fields`,
              completed: sql`excluded.completed`,
              reason: sql`excluded.reason`,
              outOfRange: sql`excluded.out_of_range`,
              late: sql`excluded.late`,
              enteredBy: sql`excluded.entered_by`,
              enteredAt: sql`excluded.entered_at`,
              updatedAt: now,
            },
          })
          .returning()
      : await tx.insert(registerLogs).values(values).onConflictDoNothing({ target }).returning();
    // Without force, any take already stored refuses the whole save (the rows inserted roll back).
    if (saved.length !== values.length) throw new AppError('similarData', ['facilities']);
    await openOutOfRangeIncidents(ctx, tx, caller, row, saved);
    // A login of one establishment writes its trace in its own space (it may write nothing above it).
    const traced = isAboveCaller(caller, row) ? { spaceId: caller.spaceId, secureSpacePath: caller.spacePath } : row;
    await recordTrace(tx, caller, {
      module: 'REGISTER',
      section: SECTION,
      spaceId: traced.spaceId,
      secureSpacePath: traced.secureSpacePath,
      type: body.force ? 'UPDATE' : 'CREATE',
      entityId: id,
      payload: { date: body.date, take: body.take, facilities: facilityIds, force: body.force },
    });
    return namedAuthorsIn(tx, presentEntries(saved));
  });

/** Opens or closes a day ('day') or the register's own period (decision 0031). */
export const openClose = (ctx: TModuleContext, caller: TAuth, id: string, body: { period: TPeriodName; date: string; open: boolean }) =>
  scoped(ctx, caller, async (tx) => {
    const row = await loadRegister(tx, caller, id);
    registerPolicy.authorize(caller, 'openClose', row);
    const own = periodNameOf(row.period as TFrequency);
    if (body.period !== 'day' && body.period !== own) throw invalidData(['period']);
    if (body.period === 'day' && row.dailyDisabled) throw invalidData(['period']);
    const today = todayInZone(await zoneOf(tx, row));
    if (body.date > today) throw invalidData(['date']);
    const kind = body.period === 'day' ? 'day' : 'period';
    const startDay = kind === 'day' ? body.date : periodOf(row.period as TFrequency, body.date)[0];
    if (body.open) {
      await tx
        .delete(registerClosures)
        .where(and(eq(registerClosures.registerId, id), eq(registerClosures.kind, kind), eq(registerClosures.startDay, startDay)));
    } else {
      await tx
        .insert(registerClosures)
        .values({ registerId: id, kind, startDay, closedBy: caller.userId, spaceId: row.spaceId, secureSpacePath: row.secureSpacePath })
        .onConflictDoNothing();
    }
    await recordTrace(tx, caller, {
      module: 'REGISTER',
      section: SECTION,
      spaceId: row.spaceId,
      secureSpacePath: row.secureSpacePath,
      type: 'UPDATE',
      entityId: id,
      payload: { period: body.period, startDay, open: body.open },
    });
    return { period: body.period, startDay, open: body.open };
  });

/** Pending takes (due and missing) of the caller's registers in their current period: badges. */
export const checkPending = (ctx: TModuleContext, caller: TAuth, ids?: string[]) =>
  scoped(ctx, caller, async (tx) => {
    const rows = await tx
      .select()
      .from(registers)
      .where(and(visibleRegister(caller), accessPredicate(caller.access.registers), ids?.length ? inArray(registers.id, ids) : undefined));
    const facts = await registerFacts(tx, caller, rows);
    return rows.map((row) => {
      const s = facts.get(row.id)!;
      return { _id: row.id, areaAccess: row.areaAccess, pending: s.status === 'closed' ? 0 : s.due - s.done };
    });
  });

export const checkAll = async (ctx: TModuleContext, caller: TAuth) => {
  const registersPending = (await checkPending(ctx, caller)).filter((r) => r.pending > 0);
  const byArea: Record<string, number> = {};
  for (const r of registersPending) byArea[r.areaAccess] = (byArea[r.areaAccess] ?? 0) + 1;
  return { total: registersPending.length, byArea, registers: registersPending };
};
