import type { TIncidentDetail, TIncidentTaskOut, TPhotoOut, TTaskStatus } from '@audit/domain/incidents';
import type { TChangeSubject, TMultipartData, TQueuedRequest } from '../../../offline/records';
import type { TChange } from '../../../offline/resources';

/**
 * An incident's corrective actions on the offline layer (decision 0045, on 0021): what a queued or
 * accepted change does to the device's copy of the incident, and what a refused change was about.
 * Three writes wait in the queue: a corrective action's status (PATCH /tasks/{id}), its photo's
 * upload (POST /files/image, the original and the marked copy, each creating a pending id) and the
 * photo tied to the action (POST /tasks/{id}/images, naming those pending ids until they are sent).
 */
export const TASKS_BASE = '/ms-core/api/tasks';
export const IMAGE_UPLOAD = '/ms-core/api/files/image';

const taskStatusUrl = /^\/ms-core\/api\/tasks\/([^/?]+)$/;
const taskImagesUrl = /^\/ms-core\/api\/tasks\/([^/?]+)\/images$/;

/** The writes of an incident that may wait for the network. */
export function isIncidentQueueable(method: string, url: string) {
  const m = method.toUpperCase();
  return (m === 'PATCH' && taskStatusUrl.test(url)) || (m === 'POST' && (taskImagesUrl.test(url) || url === IMAGE_UPLOAD));
}

export type TIncidentChangeKind = 'taskStatus' | 'taskPhoto' | 'upload' | 'other';

export function changeKindOf(request: Pick<TQueuedRequest, 'method' | 'url'>): { kind: TIncidentChangeKind; taskId: string | null } {
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

function withTask(copy: TIncidentDetail, taskId: string, update: (task: TIncidentTaskOut) => TIncidentTaskOut): TIncidentDetail {
  const tasks = copy.tasks.map((t) => (t._id === taskId ? update(t) : t));
  return { ...copy, tasks, openTasks: tasks.filter((t) => t.status !== 'complete').length };
}

/** Applies a change to the copy without mutating it; applied twice, the same result. */
export function applyIncidentChange(copy: TIncidentDetail, change: TChange): TIncidentDetail {
  const { kind, taskId } = changeKindOf(change.request);
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

/** A refused change names its corrective action, within its incident. */
export function describeIncidentChange(request: TQueuedRequest, copy: TIncidentDetail | null): TChangeSubject {
  const { kind, taskId } = changeKindOf(request);
  const task = copy?.tasks.find((t) => t._id === taskId);
  return { kind, label: task?.name ?? null, within: copy?.name ?? null, target: taskId, targetGroup: null };
}
