import { mayMoveLabIncident, type TLabIncidentStatus } from '@audit/domain/lab-data';
import type { TAuth } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { unsafeUserNames } from '../users/service.js';
import { labIncidentPolicy, withinLabAccess } from './policy.js';
import { notifyLabIncidentChange } from './notify.js';
import * as repo from './repo.js';
import { namesForIncidents, presentLabIncident } from './search.js';

/**
 * A move along the lab incident machine (decision 0044): LAB0001 for a move the machine forbids
 * (or a repeated one: two parallel identical moves, the second finds the first done), 452 without
 * LAB_DATA_ISSUES_WRITE or outside the user's labDataAccess, 451 for an ancestor's row. The people
 * concerned are told (decision 0053).
 */
export async function changeLabIncidentStatus(ctx: TModuleContext, caller: TAuth, id: string, to: TLabIncidentStatus) {
  const data = await scoped(ctx, caller, async (tx) => {
    const before = await repo.findIncident(tx, caller, id, true);
    if (!before || !withinLabAccess(caller, before.category)) throw notFound();
    labIncidentPolicy.authorize(caller, 'changeStatus', before);
    if (!mayMoveLabIncident(before.status as TLabIncidentStatus, to)) throw new AppError('labIncidentStatusRefused', ['status']);
    const row = await repo.updateIncident(tx, id, { status: to, changedBy: caller.userId, changedAt: new Date() });
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
