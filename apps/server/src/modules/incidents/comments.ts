import type { TCommentOut } from '@audit/domain/incidents';
import type { TAuth } from '../../platform/auth.js';
import type { TDb, TTransaction } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { findFiles } from '../files/service.js';
import { unsafeUserNamesIn } from '../users/service.js';
import { record } from './history.js';
import { incidentPolicy } from './policy.js';
import * as repo from './repo.js';
import { getIncident, loadIncident } from './service.js';
import type { TIncidentRow } from './tables.js';

/**
 * Comments of an incident: anyone who may write incidents adds one; only its author edits or removes it.
 * A change answers the incident's comments as they are in its own transaction, with their authors'
 * names, so a keyed change stores that answer with its key (decision 0093).
 */
export const listComments = (ctx: TModuleContext, caller: TAuth, incidentId: string): Promise<TCommentOut[]> =>
  scoped(ctx, caller, async (tx) => commentsIn(tx, caller, await loadIncident(tx, caller, incidentId)));

async function commentsIn(tx: TTransaction, caller: TAuth, incident: TIncidentRow): Promise<TCommentOut[]> {
  const rows = await repo.commentsOf(tx, incident.id);
  const names = await unsafeUserNamesIn(
    tx,
    rows.map((r) => r.authorId),
  );
  const mayComment = incidentPolicy.can(caller, 'comment', incident);
  return rows.map((r) => ({
    _id: r.id,
    text: r.text,
    author: { _id: r.authorId, name: names.get(r.authorId) ?? '' },
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    can: { update: mayComment && r.authorId === caller.userId, delete: mayComment && r.authorId === caller.userId },
  }));
}

export const addComment = (ctx: TModuleContext, caller: TAuth, incidentId: string, text: string) =>
  scoped(ctx, caller, async (tx) => {
    const incident = await loadIncident(tx, caller, incidentId);
    incidentPolicy.authorize(caller, 'comment', incident);
    const row = await repo.insertComment(tx, {
      incidentId: incident.id,
      spaceId: incident.spaceId,
      secureSpacePath: incident.secureSpacePath,
      authorId: caller.userId,
      text,
    });
    await record(tx, caller, incident, 'commentAdded', { after: { _id: row.id, text } });
    return commentsIn(tx, caller, incident);
  });

const ownComment = (ctx: TModuleContext, caller: TAuth, incidentId: string, commentId: string, change: 'update' | 'remove', text?: string) =>
  scoped(ctx, caller, async (tx) => {
    const incident = await loadIncident(tx, caller, incidentId);
    incidentPolicy.authorize(caller, 'comment', incident);
    const comment = await repo.findComment(tx, incident.id, commentId);
    if (!comment) throw notFound();
    if (comment.authorId !== caller.userId) throw new AppError('forbidden');
    if (change === 'update') {
      await repo.updateComment(tx, comment.id, text!);
      await record(tx, caller, incident, 'commentUpdated', { before: { _id: comment.id, text: comment.text }, after: { _id: comment.id, text } });
    } else {
      await repo.deleteComment(tx, comment.id);
      await record(tx, caller, incident, 'commentRemoved', { before: { _id: comment.id, text: comment.text } });
    }
    return commentsIn(tx, caller, incident);
  });
export const updateComment = (ctx: TModuleContext, caller: TAuth, incidentId: string, commentId: string, text: string) =>
  ownComment(ctx, caller, incidentId, commentId, 'update', text);
export const removeComment = (ctx: TModuleContext, caller: TAuth, incidentId: string, commentId: string) =>
  ownComment(ctx, caller, incidentId, commentId, 'remove');

/**
 * A photo of the incident (or of one of its corrective actions): an image uploaded through the
 * files module (POST /files/image), in the caller's scope. 400 `fileId` for another tenant's file or a non-image.
 */
export async function addEvidence(ctx: TModuleContext, caller: TAuth, incidentId: string, input: TEvidenceInput) {
  await scoped(ctx, caller, (tx) => addEvidenceIn(tx, caller, incidentId, input));
  return getIncident(ctx, caller, incidentId);
}

type TEvidenceInput = { fileId: string; annotatedFileId?: string | null; observation?: string | null };

/** The photo's row and history, in the caller's transaction (an action's photo: `taskId`, tasks.ts). */
export async function addEvidenceIn(tx: TDb, caller: TAuth, incidentId: string, input: TEvidenceInput, taskId: string | null = null) {
  const incident = await loadIncident(tx, caller, incidentId);
  incidentPolicy.authorize(caller, 'update', incident);
  const [file] = await findFiles(tx, caller, [input.fileId]);
  if (!file || file.kind !== 'image') throw invalidData(['fileId']);
  const annotatedId = input.annotatedFileId ?? null;
  if (annotatedId !== null) {
    const [annotated] = annotatedId === file.id ? [] : await findFiles(tx, caller, [annotatedId]);
    if (!annotated || annotated.kind !== 'image') throw invalidData(['annotatedFileId']);
  }
  if (taskId) {
    const task = await repo.findTask(tx, caller, taskId);
    if (!task || task.incidentId !== incident.id) throw notFound();
  }
  const [row] = await repo.insertEvidences(tx, [
    {
      incidentId: incident.id,
      taskId,
      spaceId: incident.spaceId,
      secureSpacePath: incident.secureSpacePath,
      fileId: file.id,
      annotatedFileId: annotatedId,
      observation: input.observation ?? null,
    },
  ]);
  await record(tx, caller, incident, taskId ? 'imageAdded' : 'evidenceAdded', {
    taskId,
    after: { _id: row!.id, fileId: file.id, annotatedFileId: annotatedId },
  });
}

export async function removeEvidence(ctx: TModuleContext, caller: TAuth, incidentId: string, evidenceId: string) {
  await scoped(ctx, caller, async (tx) => {
    const incident = await loadIncident(tx, caller, incidentId);
    incidentPolicy.authorize(caller, 'update', incident);
    const gone = await repo.deleteEvidence(tx, incident.id, evidenceId);
    if (!gone) throw notFound();
    await record(tx, caller, incident, gone.taskId ? 'imageRemoved' : 'evidenceRemoved', {
      taskId: gone.taskId,
      before: { _id: gone.id, fileId: gone.fileId },
    });
  });
  return getIncident(ctx, caller, incidentId);
}
