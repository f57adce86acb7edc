import {
  actorOf,
  mayMove,
  mayResolve,
  type TIncidentDetail,
  type TIncidentLink,
  type TSupersededReason,
  type TIncidentPatch,
  type TIncidentStatus,
  type TIncidentKind,
  type TOtherIncidentInput,
  ZOtherIncidentInput,
} from '@audit/domain/incidents';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { assertWritable } from '../../platform/tenancy.js';
import { spaceDays } from '../spaces/days.js';
import { findSpaceInScope } from '../spaces/service.js';
import { findEmailsInScope } from '../users/service.js';
import { presentHistory, record } from './history.js';
import { concerned, notifyChange } from './notify.js';
import { incidentPolicy, isStaff } from './policy.js';
import { namesOf, presentIncident, presentPhoto, presentTask } from './present.js';
import * as repo from './repo.js';
import type { TIncidentRow } from './tables.js';

/** The incident, visible to the caller, or 404 (another tenant's or client's incident is never revealed). */
export async function loadIncident(tx: TDb, caller: TAuth, id: string, lock = false) {
  const row = lock ? await repo.lockIncident(tx, caller, id) : await repo.findIncident(tx, caller, id);
  if (!row) throw notFound();
  return row;
}

/** A responsible must be a user the caller's space reaches (400 naming the field otherwise). */
export async function assertResponsible(tx: TDb, caller: TAuth, id: string | null | undefined, field = 'responsible') {
  if (!id) return;
  if (!(await findEmailsInScope(tx, caller, [id])).length) throw invalidData([field]);
}

/** Client, establishment and area of an establishment or area, read from its path (…/client/establishment[/area]/). */
export function placeOfSpace(space: { secureSpacePath: string; typeStructure: string }) {
  const ids = space.secureSpacePath.split('/').filter(Boolean);
  const [client, establishment, area] = space.typeStructure === 'AREA' ? ids.slice(-3) : [...ids.slice(-2), undefined];
  return { clientId: client ?? null, establishmentId: establishment ?? null, areaId: area ?? null };
}

export async function getIncident(ctx: TModuleContext, caller: TAuth, id: string): Promise<TIncidentDetail> {
  const data = await scoped(ctx, caller, async (tx) => {
    const row = await loadIncident(tx, caller, id);
    return {
      row,
      tasks: await repo.tasksOf(tx, [row.id]),
      evidences: await repo.evidencesOf(tx, row.id),
      successor: row.supersededByIncidentId ? (await repo.incidentsByIds(tx, caller, [row.supersededByIncidentId]))[0] : undefined,
      supersedes: await repo.supersededByIncident(tx, caller, row.id),
      days: await spaceDays(tx, caller.spacePath),
    };
  });
  const { row } = data;
  const names = await namesOf(ctx, [row.responsibleId, row.supersededBy, ...data.tasks.flatMap((t) => [t.responsibleId, t.completedBy, t.verifiedBy])]);
  const open = data.tasks.filter((t) => t.status !== 'complete').length;
  return {
    ...presentIncident(caller, row, { open, total: data.tasks.length }, names),
    evidences: data.evidences.map((e) => ({ ...presentPhoto(ctx, e), observation: e.observation, taskId: e.taskId })),
    tasks: data.tasks.map((t) =>
      presentTask(
        ctx,
        caller,
        t,
        names,
        data.evidences.filter((e) => e.taskId === t.id),
        { status: row.status },
        data.days,
      ),
    ),
    superseded:
      row.status === 'superseded'
        ? {
            at: iso(row.supersededAt),
            by: row.supersededBy ? { _id: row.supersededBy, name: names.get(row.supersededBy) ?? '' } : null,
            reason: (row.supersededReason as TSupersededReason | null) ?? null,
            incident: data.successor ? linkOf(data.successor) : null,
          }
        : null,
    supersedes: data.supersedes.map(linkOf),
  };
}

const linkOf = (row: TIncidentRow): TIncidentLink => ({ _id: row.id, name: row.name, status: row.status as TIncidentStatus, openDate: iso(row.openDate)! });

/** An "others" incident reported by hand, in an establishment or area of the caller's scope. */
export async function reportIncident(ctx: TModuleContext, caller: TAuth, input: TOtherIncidentInput) {
  const body = ZOtherIncidentInput.parse(input);
  const id = await scoped(ctx, caller, async (tx) => {
    const space = await findSpaceInScope(tx, caller, body.space);
    if (!space || !['ESTABLISHMENT', 'AREA'].includes(space.typeStructure)) throw invalidData(['space']);
    assertWritable(caller, space.secureSpacePath);
    await assertResponsible(tx, caller, body.responsible);
    const [row] = await repo.insertIncidents(tx, [
      {
        spaceId: space.id,
        secureSpacePath: space.secureSpacePath,
        kind: 'others',
        status: body.draft ? 'draft' : 'running',
        name: body.name,
        description: body.description ?? null,
        riskLevel: body.riskLevel ?? null,
        priority: body.priority ?? null,
        category: body.category ?? null,
        type: body.type ?? null,
        reportedBy: body.reportedBy ?? null,
        detectedBy: body.detectedBy ?? null,
        facility: body.facility ?? null,
        facilityType: body.facilityType ?? null,
        openDate: body.openDate ? new Date(`${body.openDate}T00:00:00Z`) : new Date(),
        responsibleId: body.responsible ?? null,
        createdBy: caller.userId,
        place: space.name,
        ...placeOfSpace(space),
      },
    ]);
    await record(tx, caller, row!, 'created', { after: { status: row!.status, name: row!.name } });
    if (row!.responsibleId) await notifyChange(ctx, tx, caller, row!, [row!.responsibleId], { event: 'assigned', status: row!.status, name: row!.name });
    return row!.id;
  });
  return getIncident(ctx, caller, id);
}

/** Name, description, priority, category, type, responsible: each change in the history. */
export async function updateIncident(ctx: TModuleContext, caller: TAuth, id: string, patch: TIncidentPatch) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadIncident(tx, caller, id, true);
    incidentPolicy.authorize(caller, 'update', row);
    if (patch.responsible !== undefined) await assertResponsible(tx, caller, patch.responsible);
    const values: Partial<TIncidentRow> = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.description !== undefined) values.description = patch.description || null;
    if (patch.priority !== undefined) values.priority = patch.priority;
    if (patch.category !== undefined) values.category = patch.category || null;
    if (patch.type !== undefined) values.type = patch.type || null;
    if (patch.responsible !== undefined) values.responsibleId = patch.responsible;
    const before = Object.fromEntries(Object.keys(values).map((k) => [k, row[k as keyof TIncidentRow]]));
    if (!Object.keys(values).length) return;
    const updated = await repo.updateIncident(tx, row.id, values);
    const kind =
      'responsibleId' in values && Object.keys(values).length === 1
        ? 'responsibleChanged'
        : 'priority' in values && Object.keys(values).length === 1
          ? 'priorityChanged'
          : 'updated';
    await record(tx, caller, row, kind, { before, after: values });
    if (values.responsibleId && values.responsibleId !== row.responsibleId) {
      await notifyChange(ctx, tx, caller, updated, [values.responsibleId], { event: 'assigned', status: updated.status, name: updated.name });
    }
  });
  return getIncident(ctx, caller, id);
}

/**
 * A status move along the machine (decision 0038): ISS0001 for a move the machine forbids, 452 for
 * the other side's move, 590 to resolve without a complete and verified corrective action.
 */
export async function changeStatusIn(ctx: TModuleContext, tx: TDb, caller: TAuth, row: TIncidentRow, to: TIncidentStatus) {
  const kind = row.kind as TIncidentKind;
  const from = row.status as TIncidentStatus;
  incidentPolicy.authorize(caller, 'update', row);
  if (from === to || actorOf(kind, from, to) === null) throw new AppError('incidentStatusRefused', ['status']);
  if (!mayMove(kind, from, to, isStaff(caller))) throw new AppError('forbidden');
  if (to === 'resolved') {
    const tasks = await repo.tasksOf(tx, [row.id]);
    if (!mayResolve(tasks.map((t) => ({ status: t.status as 'complete', verified: t.verifiedAt !== null })))) throw new AppError('needsCorrectiveActions');
  }
  return moveIncident(ctx, tx, caller, row, to);
}

/** Writes the move, its history record and its notifications (also for the automatic moves). */
export async function moveIncident(ctx: TModuleContext, tx: TDb, caller: TAuth | null, row: TIncidentRow, to: TIncidentStatus) {
  const updated = await repo.updateIncident(tx, row.id, {
    status: to,
    solvedInPlace: to === 'solvedInPlace' ? true : row.solvedInPlace,
    resolvedAt: to === 'resolved' || to === 'solvedInPlace' ? new Date() : null,
    // Superseded by hand (staff): when and by whom, as a reopen's (decision 0063).
    ...(to === 'superseded' ? { supersededAt: new Date(), supersededBy: caller?.userId ?? null, supersededReason: 'manual' } : {}),
  });
  await record(tx, caller, row, 'statusChanged', { before: { status: row.status }, after: { status: to } });
  // Whoever worked an action (its responsible, its author, who completed it) hears how the incident ends.
  const taskPeople = (await repo.tasksOf(tx, [row.id])).flatMap((t) => [t.responsibleId, t.createdBy, t.completedBy]);
  await notifyChange(ctx, tx, caller, updated, [...concerned(updated), ...taskPeople], { event: 'status', status: to, name: updated.name });
  return updated;
}

export async function changeStatus(ctx: TModuleContext, caller: TAuth, id: string, to: TIncidentStatus) {
  await scoped(ctx, caller, async (tx) => changeStatusIn(ctx, tx, caller, await loadIncident(tx, caller, id, true), to));
  return getIncident(ctx, caller, id);
}

export async function historyOf(ctx: TModuleContext, caller: TAuth, id: string) {
  const rows = await scoped(ctx, caller, async (tx) => repo.historyOf(tx, (await loadIncident(tx, caller, id)).id));
  return presentHistory(
    rows,
    await namesOf(
      ctx,
      rows.map((r) => r.byId),
    ),
  );
}
