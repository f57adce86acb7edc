import { mayMoveLabIncident, type TLabIncidentStatus } from '@audit/domain/lab-data';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { presentHistory } from '../incidents/history.js';
import { unsafeUserNames } from '../users/service.js';
import { recordLab } from './history.js';
import { labIncidentPolicy, withinLabAccess } from './policy.js';
import { notifyLabIncidentChange } from './notify.js';
import * as repo from './repo.js';
import { namesForIncidents, presentLabIncident } from './search.js';

/**
 * The lab incident, visible to the caller: 404 when their scope does not reach it (another tenant's
 * or client's), 452 without LAB_DATA_ISSUES_VIEW or outside their labDataAccess (like a report).
 */
export async function loadLabIncident(tx: TDb, caller: TAuth, id: string) {
  const row = await repo.findIncident(tx, caller, id);
  if (!row) throw notFound();
  labIncidentPolicy.authorize(caller, 'read', row);
  return row;
}

/** GET /lab-incidents/{id}: one lab incident as the list answers it (its detail). */
export async function getLabIncident(ctx: TModuleContext, caller: TAuth, id: string) {
  const data = await scoped(ctx, caller, async (tx) => {
    const row = await loadLabIncident(tx, caller, id);
    return { row, ...(await namesForIncidents(tx, caller, [row])) };
  });
  const people = await unsafeUserNames(ctx, data.row.changedBy ? [data.row.changedBy] : []);
  return presentLabIncident(caller, data.row, data.numbers, data.places, people);
}

/** GET /lab-incidents/{id}/history: every change, newest first, who and when (decision 0058). */
export async function labIncidentHistory(ctx: TModuleContext, caller: TAuth, id: string) {
  const rows = await scoped(ctx, caller, async (tx) => repo.historyOf(tx, (await loadLabIncident(tx, caller, id)).id));
  return presentHistory(rows, await unsafeUserNames(ctx, [...new Set(rows.flatMap((r) => (r.byId ? [r.byId] : [])))]));
}

/**
 * A move along the lab incident machine (decision 0044): LAB0001 for a move the machine forbids
 * (or a repeated one: two parallel identical moves, the second finds the first done), 452 without
 * LAB_DATA_ISSUES_WRITE, 404 outside the user's labDataAccess, 451 for an ancestor's row. The move
 * is in the incident's history (decision 0058) and the people concerned are told (decision 0053).
 */
export async function changeLabIncidentStatus(ctx: TModuleContext, caller: TAuth, id: string, to: TLabIncidentStatus) {
  const data = await scoped(ctx, caller, async (tx) => {
    const before = await repo.findIncident(tx, caller, id, true);
    if (!before || !withinLabAccess(caller, before.category)) throw notFound();
    labIncidentPolicy.authorize(caller, 'changeStatus', before);
    if (!mayMoveLabIncident(before.status as TLabIncidentStatus, to)) throw new AppError('labIncidentStatusRefused', ['status']);
    const row = await repo.updateIncident(tx, id, { status: to, changedBy: caller.userId, changedAt: new Date() });
    await recordLab(tx, caller, [row], 'statusChanged', () => ({ before: { status: before.status }, after: { status: to }, at: row.changedAt! }));
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'LABORATORY',
      section: 'lab-incidents',
      entityId: id,
      spaceId: row.spaceId,
      secureSpacePath: row.secureSpacePath,
      payload: { before: before.status, after: to },
    });
    const names = await namesForIncidents(tx, caller, [row]);
    await notifyLabIncidentChange(ctx, tx, caller, before, row, names.numbers.get(row.reportId) ?? '');
    return { row, ...names };
  });
  const people = await unsafeUserNames(ctx, [caller.userId]);
  return presentLabIncident(caller, data.row, data.numbers, data.places, people);
}
