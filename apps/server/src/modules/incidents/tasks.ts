import {
  isOpenStatus,
  mayMoveTask,
  statusAfterRejection,
  statusAfterTasks,
  ZTaskInput,
  type TIncidentKind,
  type TIncidentStatus,
  type TIncidentTaskOut,
  type TTaskInput,
  type TTaskPatch,
  type TTaskStatus,
} from '@audit/domain/incidents';
import type { TAuth } from '../../platform/auth.js';
import type { TDb, TTransaction } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { spaceDays } from '../spaces/days.js';
import { unsafeUserNamesIn } from '../users/service.js';
import { addEvidenceIn } from './comments.js';
import { record } from './history.js';
import { concerned, evidenceReviewJob, notifyChange } from './notify.js';
import { incidentPolicy, taskPolicy } from './policy.js';
import { presentTask } from './present.js';
import * as repo from './repo.js';
import { assertResponsible, loadIncident, moveIncident } from './service.js';
import type { TIncidentRow, TIncidentTaskRow } from './tables.js';

/** Corrective actions (decision 0038): toDo → running → complete, verified by a second person. */

async function loadTask(tx: TDb, caller: TAuth, id: string) {
  const task = await repo.findTask(tx, caller, id, true);
  if (!task) throw notFound();
  // The incident is locked too: its status follows its actions (two actions completed at once see each other).
  const incident = await loadIncident(tx, caller, task.incidentId, true);
  // What the policy judges: the action and its incident's status (a superseded incident's actions are read only).
  return { task, incident, accessed: { ...task, incidentStatus: incident.status } };
}

export const presentTaskById = (ctx: TModuleContext, caller: TAuth, id: string): Promise<TIncidentTaskOut> =>
  scoped(ctx, caller, (tx) => presentTaskIn(ctx, tx, caller, id));

/**
 * The action as the caller's transaction has it, its people's names read there too: a change answers
 * from its own transaction, and a keyed one stores that answer with its key (decision 0093).
 */
async function presentTaskIn(ctx: TModuleContext, tx: TTransaction, caller: TAuth, id: string): Promise<TIncidentTaskOut> {
  const task = await repo.findTask(tx, caller, id);
  if (!task) throw notFound();
  const incident = await loadIncident(tx, caller, task.incidentId);
  const images = (await repo.evidencesOf(tx, incident.id)).filter((e) => e.taskId === task.id);
  const names = await unsafeUserNamesIn(
    tx,
    [task.responsibleId, task.completedBy, task.verifiedBy].filter((person): person is string => !!person),
  );
  return presentTask(ctx, caller, task, names, images, incident, await spaceDays(tx, caller.spacePath));
}

/**
 * A closed incident's actions keep their status: reopening or removing the verified action of a
 * resolved incident would leave it resolved on nothing (error 590's rule), and nothing moves it back.
 */
function assertIncidentOpen(incident: TIncidentRow) {
  if (!isOpenStatus(incident.status as TIncidentStatus)) throw new AppError('incidentStatusRefused', ['status']);
}

/** The incident's status after its actions changed (decision 0038's automatic moves). */
async function followTasks(ctx: TModuleContext, tx: TDb, caller: TAuth, incident: TIncidentRow) {
  const tasks = await repo.tasksOf(tx, [incident.id]);
  const next = statusAfterTasks(
    incident.kind as TIncidentKind,
    incident.status as TIncidentStatus,
    tasks.map((t) => ({ status: t.status as TTaskStatus, verified: t.verifiedAt !== null })),
  );
  if (next && next !== incident.status) await moveIncident(ctx, tx, caller, incident, next);
}

export async function createTask(ctx: TModuleContext, caller: TAuth, incidentId: string, input: TTaskInput) {
  const body = ZTaskInput.parse(input);
  const id = await scoped(ctx, caller, async (tx) => {
    const incident = await loadIncident(tx, caller, incidentId, true);
    incidentPolicy.authorize(caller, 'addTask', incident);
    if (['resolved', 'solvedInPlace'].includes(incident.status)) throw new AppError('incidentStatusRefused', ['status']);
    await assertResponsible(tx, caller, body.responsible);
    const [task] = await repo.insertTasks(tx, [
      {
        incidentId: incident.id,
        spaceId: incident.spaceId,
        secureSpacePath: incident.secureSpacePath,
        name: body.name,
        description: body.description ?? null,
        priority: body.priority,
        responsibleId: body.responsible ?? null,
        dueDate: body.dueDate ?? null,
        createdBy: caller.userId,
      },
    ]);
    await record(tx, caller, incident, 'actionCreated', { taskId: task!.id, after: { name: task!.name, responsible: task!.responsibleId } });
    await notifyChange(ctx, tx, caller, incident, [task!.responsibleId, ...concerned(incident)], { event: 'assigned', status: 'toDo', name: task!.name });
    return task!.id;
  });
  return presentTaskById(ctx, caller, id);
}

/** Fields and status of an action: each change in the history; an assignment and a status change notify. */
export async function updateTask(ctx: TModuleContext, caller: TAuth, id: string, patch: TTaskPatch) {
  return scoped(ctx, caller, async (tx) => {
    const { task, incident, accessed } = await loadTask(tx, caller, id);
    taskPolicy.authorize(caller, 'update', accessed);
    const values: Partial<TIncidentTaskRow> = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.description !== undefined) values.description = patch.description || null;
    if (patch.dueDate !== undefined) values.dueDate = patch.dueDate;
    if (patch.priority !== undefined && patch.priority !== task.priority) {
      values.priority = patch.priority;
      await record(tx, caller, incident, 'priorityChanged', { taskId: task.id, before: { priority: task.priority }, after: { priority: patch.priority } });
    }
    if (patch.responsible !== undefined && patch.responsible !== task.responsibleId) {
      await assertResponsible(tx, caller, patch.responsible);
      values.responsibleId = patch.responsible;
      values.remindersSent = 0;
      await record(tx, caller, incident, 'responsibleChanged', {
        taskId: task.id,
        before: { responsible: task.responsibleId },
        after: { responsible: patch.responsible },
      });
      await notifyChange(ctx, tx, caller, incident, [patch.responsible], { event: 'assigned', status: task.status, name: task.name });
    }
    if (patch.dueDate !== undefined && patch.dueDate !== task.dueDate) values.remindersSent = 0;
    if (patch.status !== undefined && patch.status !== task.status) {
      taskPolicy.authorize(caller, 'changeStatus', accessed);
      assertIncidentOpen(incident);
      if (!mayMoveTask(task.status as TTaskStatus, patch.status)) throw new AppError('taskStatusRefused', ['status']);
      values.status = patch.status;
      const completing = patch.status === 'complete';
      values.completedAt = completing ? new Date() : null;
      values.completedBy = completing ? caller.userId : null;
      values.verifiedAt = null;
      values.verifiedBy = null;
    }
    if (!Object.keys(values).length) return presentTaskIn(ctx, tx, caller, id);
    const updated = await repo.updateTask(tx, task.id, values);
    if (values.status) {
      await record(tx, caller, incident, 'actionStatusChanged', { taskId: task.id, before: { status: task.status }, after: { status: values.status } });
      const told = [updated.responsibleId, updated.createdBy, ...concerned(incident)];
      await notifyChange(ctx, tx, caller, incident, told, { event: 'taskStatus', status: values.status, name: updated.name });
      if (values.status === 'complete') {
        // Its evidence now waits for a verification: the company's administrators are told too.
        const except = [...told, caller.userId].filter((id): id is string => !!id);
        const where = { spaceId: incident.spaceId, spacePath: incident.secureSpacePath };
        await enqueueJob(tx, caller, evidenceReviewJob, { incidentId: incident.id, ...where, name: updated.name, told: [...new Set(except)] });
      }
      await followTasks(ctx, tx, caller, incident);
    } else if (!values.priority && !('responsibleId' in values)) {
      await record(tx, caller, incident, 'updated', { taskId: task.id, after: values });
    }
    return presentTaskIn(ctx, tx, caller, id);
  });
}

/**
 * The second person's check of a complete action: approved, it is verified (and the incident
 * resolves when it was the last one); refused, it goes back to running and an audit incident under
 * review turns evidence_rejected.
 */
export async function verifyTask(ctx: TModuleContext, caller: TAuth, id: string, approved: boolean) {
  await scoped(ctx, caller, async (tx) => {
    const { task, incident, accessed } = await loadTask(tx, caller, id);
    // Whoever may verify may write the action: a superseded incident's refusal (ISS0003) comes before the status's.
    taskPolicy.authorize(caller, 'update', accessed);
    if (task.status !== 'complete' || task.verifiedAt) throw new AppError('taskStatusRefused', ['status']);
    taskPolicy.authorize(caller, 'verify', accessed);
    const updated = approved
      ? await repo.updateTask(tx, task.id, { verifiedAt: new Date(), verifiedBy: caller.userId })
      : await repo.updateTask(tx, task.id, { status: 'running', completedAt: null, completedBy: null });
    await record(tx, caller, incident, approved ? 'actionVerified' : 'actionStatusChanged', {
      taskId: task.id,
      before: { status: 'complete' },
      after: approved ? { status: 'complete', verified: true } : { status: 'running', rejected: true },
    });
    await notifyChange(ctx, tx, caller, incident, [updated.responsibleId, updated.createdBy, task.completedBy], {
      event: approved ? 'verified' : 'taskStatus',
      status: updated.status,
      name: updated.name,
    });
    if (approved) await followTasks(ctx, tx, caller, incident);
    else {
      const next = statusAfterRejection(incident.kind as TIncidentKind, incident.status as TIncidentStatus);
      if (next) await moveIncident(ctx, tx, caller, incident, next);
    }
  });
  return presentTaskById(ctx, caller, id);
}

export async function deleteTask(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const { task, incident, accessed } = await loadTask(tx, caller, id);
    taskPolicy.authorize(caller, 'delete', accessed);
    assertIncidentOpen(incident);
    await repo.deleteTask(tx, task.id);
    await record(tx, caller, incident, 'actionRemoved', { taskId: task.id, before: { name: task.name, status: task.status } });
  });
  return { ok: true as const };
}

/** A photo of the action (its proof): an evidence of the incident tied to the action, and the action as it now is, in one transaction. */
export const addTaskImage = (ctx: TModuleContext, caller: TAuth, id: string, input: { fileId: string; observation?: string | null }) =>
  scoped(ctx, caller, async (tx) => {
    const task = await repo.findTask(tx, caller, id);
    if (!task) throw notFound();
    const incident = await loadIncident(tx, caller, task.incidentId);
    taskPolicy.authorize(caller, 'update', { ...task, incidentStatus: incident.status });
    await addEvidenceIn(tx, caller, task.incidentId, input, id);
    return presentTaskIn(ctx, tx, caller, id);
  });
