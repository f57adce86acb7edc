import { fileCalls } from '@audit/domain/calls/files';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import type { TCommentOut, TIncidentDetail, TIncidentTaskOut, TPhotoOut, TTaskStatus } from '@audit/domain/incidents';
import { commandMap, on, type TChange } from '../../../offline/commands';
import type { TChangeSubject, TCommand } from '../../../offline/records';

/**
 * An incident's corrective actions on the offline layer (decision 0045, on 0021): what a queued or
 * accepted change does to the device's copy of the incident, and what a refused change was about.
 * Three writes wait in the queue: a corrective action's status (tasks.update), its photo's upload
 * (files.image, the original and the marked copy, each creating a pending id) and the photo tied to
 * the action (tasks.addImage, naming those pending ids until they are sent). A comment on the
 * incident waits too (incidents.addComment, decision 0054): the copy keeps the incident's comments
 * beside it, and a comment waiting shows at their end, marked as not sent.
 */
/** The device's copy of an incident: the detail and its comments (absent on copies kept before comments waited offline). */
export type TIncidentCopy = TIncidentDetail & { comments?: TCommentOut[] };

export type TIncidentChangeKind = 'taskStatus' | 'taskPhoto' | 'upload' | 'comment' | 'other';

/** What kind of change each call makes, and the corrective action it names (a refused change names it). */
export function changeKindOf(command: Pick<TCommand, 'call' | 'params'>): { kind: TIncidentChangeKind; taskId: string | null } {
  switch (command.call) {
    case incidentCalls.addComment.name:
      return { kind: 'comment', taskId: null };
    case taskCalls.addImage.name:
      return { kind: 'taskPhoto', taskId: command.params.id ?? null };
    case taskCalls.update.name:
      return { kind: 'taskStatus', taskId: command.params.id ?? null };
    case fileCalls.image.name:
      return { kind: 'upload', taskId: null };
    default:
      return { kind: 'other', taskId: null };
  }
}

/** Photos waiting in the queue show from their file: one URL per pending id for the tab's life. */
const pictureUrls = new Map<string, string>();
export const queuedPictureUrl = (pendingId: string | null | undefined) => (pendingId ? (pictureUrls.get(pendingId) ?? '') : '');

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const isTask = (value: unknown): value is TIncidentTaskOut => isObject(value) && typeof value._id === 'string' && Array.isArray(value.images);

function withTask<C extends TIncidentDetail>(copy: C, taskId: string, update: (task: TIncidentTaskOut) => TIncidentTaskOut): C {
  const tasks = copy.tasks.map((t) => (t._id === taskId ? update(t) : t));
  return { ...copy, tasks, openTasks: tasks.filter((t) => t.status !== 'complete').length };
}

/** A comment: accepted, the server's answer is the incident's comments as they now are; waiting, it shows last, by its key. */
function applyComment(copy: TIncidentCopy, change: TChange<typeof incidentCalls.addComment>): TIncidentCopy {
  if (change.response) return { ...copy, comments: change.response };
  const text = change.command.body?.text;
  const id = `pending-${change.key}`;
  const comments = copy.comments ?? [];
  if (typeof text !== 'string' || comments.some((c) => c._id === id)) return copy;
  const waiting: TCommentOut = {
    _id: id,
    text,
    author: { _id: '', name: '' },
    createdAt: change.createdAt,
    updatedAt: change.createdAt,
    can: { update: false, delete: false },
  };
  return { ...copy, comments: [...comments, waiting] };
}

/** A photo uploaded offline shows from its file until the server has it (by the pending id the upload creates). */
function rememberUpload(copy: TIncidentCopy, { command, creates }: TChange<typeof fileCalls.image>): TIncidentCopy {
  const file = command.multipart?.file;
  if (creates && file && !pictureUrls.has(creates) && typeof URL.createObjectURL === 'function') pictureUrls.set(creates, URL.createObjectURL(file));
  return copy;
}

/** A photo tied to a corrective action: accepted, the action as the server now has it; waiting, shown from its queued files. */
function applyTaskPhoto(copy: TIncidentCopy, { command, response, key }: TChange<typeof taskCalls.addImage>): TIncidentCopy {
  const taskId = command.params.id;
  if (isTask(response)) return withTask(copy, taskId, () => response);
  const id = `pending-${key}`;
  const fileId = String(command.body?.fileId ?? '');
  const annotatedFileId = typeof command.body?.annotatedFileId === 'string' ? command.body.annotatedFileId : null;
  const photo: TPhotoOut = { _id: id, fileId, annotatedFileId, url: queuedPictureUrl(annotatedFileId ?? fileId), originalUrl: queuedPictureUrl(fileId) };
  return withTask(copy, taskId, (t) => (t.images.some((i) => i._id === id) ? t : { ...t, images: [...t.images, photo] }));
}

/**
 * The incident's calls that wait in the queue, each with its one apply to the copy (without
 * mutating it; applied twice, the same result). Accepted, a corrective action's change answers the
 * action as it now is.
 */
export const incidentCommands = commandMap<TIncidentCopy>(
  on(incidentCalls.addComment, applyComment),
  on(taskCalls.update, (copy, { command, response }) => {
    const taskId = command.params.id;
    if (isTask(response)) return withTask(copy, taskId, () => response);
    const status = command.body?.status;
    return typeof status === 'string' ? withTask(copy, taskId, (t) => ({ ...t, status: status as TTaskStatus })) : copy;
  }),
  on(fileCalls.image, rememberUpload),
  on(taskCalls.addImage, applyTaskPhoto),
);

const COMMENT_LABEL = 60;

/** A refused change names its corrective action (a comment: its first words), within its incident. */
export function describeIncidentChange(command: TCommand, copy: TIncidentDetail | null): TChangeSubject {
  const { kind, taskId } = changeKindOf(command);
  if (kind === 'comment') {
    const text = isObject(command.body) && typeof command.body.text === 'string' ? command.body.text.trim() : '';
    const label = text.length > COMMENT_LABEL ? `${text.slice(0, COMMENT_LABEL)}…` : text;
    return { kind, label: label || null, within: copy?.name ?? null, target: null, targetGroup: null };
  }
  const task = copy?.tasks.find((t) => t._id === taskId);
  return { kind, label: task?.name ?? null, within: copy?.name ?? null, target: taskId, targetGroup: null };
}
