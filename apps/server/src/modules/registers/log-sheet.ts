import { and, asc, eq, sql } from 'drizzle-orm';
import { dueTakes, periodOf, REPEATED_TAKES_DEFAULT, type TFrequency, type TSchedule } from '@audit/domain/registers';
import { addDays, todayInZone } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { unsafeUserNames } from '../users/service.js';
import type { TModuleContext } from '../../platform/http.js';
import { spaceNames } from './facilities.js';
import { repeatedEntries } from './flags.js';
import { loadRegister, zoneOf } from './load.js';
import { facilitiesOfMany } from './status-sql.js';
import { registerItems, registerLogs, registerSections, registerTemplates, type TRegisterRow } from './tables.js';

/**
 * A register's log over a range of days as the downloads draw it (decision 0037): its periods
 * with every take (due or not yet), its facilities, its params in the template's order, the stored
 * values with who and when, and the marks (out of range, late, repeated) of each value.
 */
export interface TSheetParam {
  id: string;
  name: string;
  fieldType: string;
  unit: string | null;
  operation: string | null;
  min: number | null;
  max: number | null;
}
export interface TSheetValue {
  value: string | number | null;
  outOfRange: boolean;
  late: boolean;
  repeated: boolean;
}
export interface TSheetEntry {
  facility: string;
  slot: string;
  take: number;
  completed: boolean;
  reason: string | null;
  late: boolean;
  enteredBy: string;
  enteredAt: Date;
  values: Map<string, TSheetValue>;
}
export interface TLogSheet {
  register: { id: string; name: string; period: TFrequency; frequency: TFrequency; takesPerDay: number };
  template: { name: string; title: string };
  client: string;
  zone: string;
  range: [string, string];
  params: TSheetParam[];
  facilities: { id: string; name: string; establishment: string }[];
  periods: { start: string; end: string; takes: { slot: string; end: string; take: number }[] }[];
  /** By facility|slot|take. */
  entries: Map<string, TSheetEntry>;
  /** Identical takes in a row from which values are marked repeated (the grid's `repeatTakes`). */
  repeatTakes: number;
}

export const entryKey = (facility: string, slot: string, take: number) => `${facility}|${slot}|${take}`;
const scheduleOf = (r: TRegisterRow): TSchedule => ({ period: r.period as TFrequency, frequency: r.frequency as TFrequency, takesPerDay: r.takesPerDay });

/** The range a download covers: the register's period containing `date`, or its whole calendar year (the annual report). */
export function downloadRange(row: Pick<TRegisterRow, 'period'>, date: string, annual: boolean): [string, string] {
  if (annual) return [`${date.slice(0, 4)}-01-01`, `${date.slice(0, 4)}-12-31`];
  return periodOf(row.period as TFrequency, date);
}

/** The newest change of what a download shows: a stored file made from the same version is still right. */
export async function sheetVersion(tx: TDb, row: TRegisterRow, range: [string, string]) {
  const [logs] = await tx
    .select({ count: sql<number>`count(*)::int`, newest: sql<string | null>`max(${registerLogs.updatedAt})::text` })
    .from(registerLogs)
    .where(and(eq(registerLogs.registerId, row.id), sql`${registerLogs.slot} between ${range[0]} and ${range[1]}`));
  const [items] = await tx
    .select({ newest: sql<string | null>`max(${registerItems.updatedAt})::text`, count: sql<number>`count(*)::int` })
    .from(registerItems)
    .where(eq(registerItems.templateId, row.templateId));
  return [logs!.count, logs!.newest, row.updatedAt.toISOString(), items!.count, items!.newest].join('|');
}

/** Reads the sheet in the caller's scope (404 or 452 as the register's other calls). */
export async function readLogSheet(tx: TDb, caller: TAuth, id: string, input: { date?: string; annual: boolean; take?: number | null }) {
  const row = await loadRegister(tx, caller, id);
  const zone = await zoneOf(tx, row);
  const range = downloadRange(row, input.date ?? todayInZone(zone), input.annual);
  const [template] = await tx
    .select({ name: registerTemplates.name, title: registerTemplates.title })
    .from(registerTemplates)
    .where(eq(registerTemplates.id, row.templateId));
  const params = await tx
    .select({
      id: registerItems.id,
      name: registerItems.name,
      fieldType: registerItems.fieldType,
      unit: registerItems.unit,
      operation: registerItems.operation,
      min: registerItems.min,
      max: registerItems.max,
    })
    .from(registerItems)
    .innerJoin(registerSections, eq(registerSections.id, registerItems.sectionId))
    .where(and(eq(registerItems.templateId, row.templateId), eq(registerItems.kind, 'param')))
    .orderBy(asc(registerSections.position), asc(registerItems.position));
  const facilities = (await facilitiesOfMany(tx, caller, [row])).get(row.id)!.facilities;
  const names = await spaceNames(tx, caller, [row.clientId, ...new Set(facilities.map((f) => f.establishment))]);
  const rows = await tx
    .select()
    .from(registerLogs)
    .where(and(eq(registerLogs.registerId, id), sql`${registerLogs.slot} between ${range[0]} and ${range[1]}`))
    .orderBy(asc(registerLogs.slot), asc(registerLogs.take));
  const periods: TLogSheet['periods'] = [];
  for (let start = periodOf(row.period as TFrequency, range[0])[0]; start <= range[1];) {
    const [, end] = periodOf(row.period as TFrequency, start);
    const takes = dueTakes(scheduleOf(row), start, end).filter((t) => !input.take || t.take === input.take);
    periods.push({ start, end, takes });
    start = addDays(end, 1);
  }
  return {
    row,
    sheet: {
      register: { id: row.id, name: row.name, period: row.period as TFrequency, frequency: row.frequency as TFrequency, takesPerDay: row.takesPerDay },
      template: template ?? { name: '', title: '' },
      client: names.get(row.clientId)?.name ?? '',
      zone,
      range,
      params,
      facilities: facilities.map((f) => ({ ...f, establishment: names.get(f.establishment)?.name ?? '' })),
      periods,
      entries: new Map<string, TSheetEntry>(),
      repeatTakes: REPEATED_TAKES_DEFAULT,
    } satisfies TLogSheet,
    rows,
  };
}

/** The sheet with its entries and marks, and who entered each value by name (outside the read's transaction). */
export async function completeSheet(
  ctx: TModuleContext,
  read: Awaited<ReturnType<typeof readLogSheet>>,
  repeatTakes = REPEATED_TAKES_DEFAULT,
): Promise<TLogSheet> {
  const { sheet, rows } = read;
  const known = new Set(sheet.facilities.map((f) => f.id));
  const logs = rows.filter((r) => known.has(r.facilityId));
  const people = await unsafeUserNames(
    ctx,
    logs.flatMap((l) => (l.enteredBy ? [l.enteredBy] : [])),
  );
  // The grid's own rules (flags.ts): late as stored when the value was saved, repeated over the asked threshold.
  sheet.repeatTakes = repeatTakes;
  const repeated = repeatedEntries(logs, repeatTakes);
  for (const l of logs) {
    const late = l.late;
    const values = new Map<string, TSheetValue>(
      l.values.map((v) => [v.param, { value: v.value, outOfRange: v.outOfRange, late, repeated: repeated.has(l.id) && v.value !== null && v.value !== '' }]),
    );
    sheet.entries.set(entryKey(l.facilityId, l.slot, l.take), {
      facility: l.facilityId,
      slot: l.slot,
      take: l.take,
      completed: l.completed,
      reason: l.reason,
      late,
      enteredBy: l.enteredBy ? (people.get(l.enteredBy) ?? '') : '',
      enteredAt: l.enteredAt,
      values,
    });
  }
  return sheet;
}
