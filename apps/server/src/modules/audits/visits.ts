import { storedDayEnd, storedDayStart, type TDay } from '@audit/domain/dates';
import type { TErrorCode } from '@audit/domain/errors';
import { visitRefusal, type TVisitRefusal } from '@audit/domain/visits/window';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { unsafeUserNames } from '../users/service.js';
import * as structures from '../structures/service.js';
import { auditPolicy } from './policy.js';
import * as repo from './repo.js';

/**
 * The audits as visits on a calendar (decision 0087): what the calendar module reads through this
 * service, and the visit window a date change must respect.
 */

/** The catalogue's entry of each reason the visit window refuses a day. */
const REFUSALS = {
  closedMonth: 'visitClosedMonth',
  notVisitDay: 'visitNotVisitDay',
  notOnVisitDays: 'visitNotOnVisitDays',
} as const satisfies Record<TVisitRefusal, TErrorCode>;

/**
 * A visit's day (its first day, already read in the space's time zone) must be one its
 * establishment's visit window takes: the one rule of packages/domain/src/visits/window.ts.
 */
export async function assertInVisitWindow(tx: TDb, audit: { establishmentId: string; clientId: string }, day: TDay) {
  const windows = await structures.visitWindowsOf(tx, [audit]);
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  const refusal = visitRefusal(windows.get(audit.establishmentId)!, { month, day: date });
  if (refusal) throw new AppError(REFUSALS[refusal], ['date']);
}

export type TVisitOut = repo.TVisitRow & { canMove: boolean };

/** A tenant's read (the caller's scope): the visits meeting the days [from, to], with each establishment's window. */
export async function visitsBetween(ctx: TModuleContext, caller: TAuth, days: { from: TDay; to: TDay }, filters: repo.TVisitFilters) {
  return readVisits(ctx, caller, days, filters, (work) => scoped(ctx, caller, work));
}

/** The same read in a transaction already scoped (the calendar feed's, acting for its owner). */
export async function readVisits(
  ctx: TModuleContext,
  caller: TAuth,
  days: { from: TDay; to: TDay },
  filters: repo.TVisitFilters,
  run: <T>(work: (tx: TDb) => Promise<T>) => Promise<T>,
) {
  const range = { from: storedDayStart(days.from), to: storedDayEnd(days.to) };
  const { rows, windows } = await run(async (tx) => {
    const rows = await repo.visitsBetween(tx, caller, range, filters);
    const places = new Map(rows.map((r) => [r.establishmentId, { establishmentId: r.establishmentId, clientId: r.clientId }]));
    return { rows, windows: await structures.visitWindowsOf(tx, [...places.values()]) };
  });
  // An auditor of the company is a user the client's scope may not read (as in the audits list).
  const unnamed = [...new Set(rows.filter((r) => r.auditorId && !r.auditorName).map((r) => r.auditorId!))];
  const names = unnamed.length ? await unsafeUserNames(ctx, unnamed) : new Map<string, string>();
  // The policy's answer depends on the visit's status and auditor only: asked once per pair (a
  // refusal is an error object, and a month has thousands of finished visits).
  const canMove = new Map<string, boolean>();
  const mayMove = (row: repo.TVisitRow) => {
    const key = `${row.status}:${row.auditorId}`;
    if (!canMove.has(key)) canMove.set(key, auditPolicy.can(caller, 'update', row));
    return canMove.get(key)!;
  };
  const items: TVisitOut[] = rows.map((row) =>
    Object.assign(row, {
      auditorName: row.auditorName ?? (row.auditorId ? (names.get(row.auditorId) ?? '') : null),
      canMove: mayMove(row),
    }),
  );
  return { items, windows: Object.fromEntries(windows) };
}
