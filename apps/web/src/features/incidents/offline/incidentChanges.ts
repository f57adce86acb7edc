import { fileCalls } from '@audit/domain/calls/files';
import type { TCommentOut, TIncidentDetail, TIncidentTaskOut, TPhotoOut, TTaskStatus } from '@audit/domain/incidents';
import type { TChangeSubject, TMultipartData, TQueuedRequest } from '../../../offline/records';
import type { TChange } from '../../../offline/resources';

/**
 * An incident's corrective actions on the offline layer (decision 0045, on 0021): what a queued or
 * accepted change does to the device's copy of the incident, and what a refused change was about.
 * Three writes wait in the queue: a corrective action's status (PATCH /tasks/{id}), its photo's
 * upload (POST /files/image, the original and the marked copy, each creating a pending id) and the
 * photo tied to the action (POST /tasks/{id}/images, naming those pending ids until they are sent).
 * A comment on the incident waits too (POST /issues/{id}/comments, decision 0054): the copy keeps the
 * incident's comments beside it, and a comment waiting shows at their end, marked as not sent.
 */
export const IMAGE_UPLOAD = fileCalls.image.path;

/** The device's copy of an incident: the detail and its comments (absent on copies kept before comments waited offline). */
export type TIncidentCopy = TIncidentDetail & { comments?: TCommentOut[] };

const taskStatusUrl = /^\/ms-core\/api\/tasks\/([^/?]+)$/;
const taskImagesUrl = /^\/ms-core\/api\/tasks\/([^/?]+)\/images$/;
const commentsUrl = /^\/ms-core\/api\/issues\/([^/?]+)\/comments$/;

/** The writes of an incident that may wait for the network. */
export function isIncidentQueueable(method: string, url: string) {
  const m = method.toUpperCase();
  return (m === 'PATCH' && taskStatusUrl.test(url)) || (m === 'POST' && (taskImagesUrl.test(url) || url === IMAGE_UPLOAD || commentsUrl.test(url)));
}

export type TIncidentChangeKind = 'taskStatus' | 'taskPhoto' | 'upload' | 'comment' | 'other';

export function changeKindOf(request: Pick<TQueuedRequest, 'method' | 'url'>): { kind: TIncidentChangeKind; taskId: string | null } {
  if (request.method === 'POST' && commentsUrl.test(request.url)) return { kind: 'comment', taskId: null };
  const images = taskImagesUrl.exec(request.url);
  if (images) return { kind: 'taskPhoto', taskId: images[1]! };
  const status = taskStatusUrl.exec(request.url);
  if (status && request.method === 'PATCH') return { kind: 'taskStatus', taskId: status[1]! };
  if (request.url === IMAGE_UPLOAD) return { kind: 'upload', taskId: null };
  return { kind: 'other', taskId: null };
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

const isComments = (value: unknown): value is TCommentOut[] => Array.isArray(value) && value.every((c) => isObject(c) && typeof c._id === 'string');

/** A comment: accepted, the server's answer is the incident's comments as they now are; waiting, it shows last, by its key. */
function applyComment(copy: TIncidentCopy, change: TChange): TIncidentCopy {
  if (isComments(change.response)) return { ...copy, comments: change.response };
  const body = isObject(change.request.data) ? change.request.data : {};
  const id = `pending-${change.key}`;
  const comments = copy.comments ?? [];
  if (typeof body.text !== 'string' || comments.some((c) => c._id === id)) return copy;
  const waiting: TCommentOut = {
    _id: id,
    text: body.text,
    author: { _id: '', name: '' },
    createdAt: change.createdAt,
    updatedAt: change.createdAt,
    can: { update: false, delete: false },
  };
  return { ...copy, comments: [...comments, waiting] };
}

/** Applies a change to the copy without mutating it; applied twice, the same result. */
export function applyIncidentChange(copy: TIncidentCopy, change: TChange): TIncidentCopy {
  const { kind, taskId } = changeKindOf(change.request);
  if (kind === 'comment') return applyComment(copy, change);
  if (kind === 'upload') {
    const file = (change.request.data as TMultipartData | null)?.file;
    if (change.creates && file && !pictureUrls.has(change.creates) && typeof URL.createObjectURL === 'function') {
      pictureUrls.set(change.creates, URL.createObjectURL(file));
    }
    return copy;
  }
  if (!taskId) return copy;
  // Accepted: the server's answer is the action as it now is.
  if (isTask(change.response)) return withTask(copy, taskId, () => change.response as TIncidentTaskOut);
  const body = (isObject(change.request.data) ? change.request.data : {}) as Record<string, unknown>;
  if (kind === 'taskStatus' && typeof body.status === 'string') return withTask(copy, taskId, (t) => ({ ...t, status: body.status as TTaskStatus }));
  if (kind === 'taskPhoto') {
    const id = `pending-${change.key}`;
    const fileId = String(body.fileId ?? '');
    const annotatedFileId = typeof body.annotatedFileId === 'string' ? body.annotatedFileId : null;
    const photo: TPhotoOut = { _id: id, fileId, annotatedFileId, url: queuedPictureUrl(annotatedFileId ?? fileId), originalUrl: queuedPictureUrl(fileId) };
    return withTask(copy, taskId, (t) => (t.images.some((i) => i._id === id) ? t : { ...t, images: [...t.images, photo] }));
  }
  return copy;
}

const COMMENT_LABEL = 60;

/** A refused change names its corrective action (a comment: its first words), within its incident. */
export function describeIncidentChange(request: TQueuedRequest, copy: TIncidentDetail | null): TChangeSubject {
  const { kind, taskId } = changeKindOf(request);
  if (kind === 'comment') {
    const text = isObject(request.data) && typeof request.data.text === 'string' ? request.data.text.trim() : '';
    const label = text.length > COMMENT_LABEL ? `${text.slice(0, COMMENT_LABEL)}…` : text;
    return { kind, label: label || null, within: copy?.name ?? null, target: null, targetGroup: null };
  }
  const task = copy?.tasks.find((t) => t._id === taskId);
  return { kind, label: task?.name ?? null, within: copy?.name ?? null, target: taskId, targetGroup: null };
}
