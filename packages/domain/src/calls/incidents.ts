import { z } from '../zod.js';
import {
  ZCommentInput,
  ZCommentOut,
  ZFileRef,
  ZHistoryOut,
  ZIncidentDetail,
  ZIncidentOut,
  ZIncidentPatch,
  ZIncidentSearchBody,
  ZIncidentStatusChange,
  ZIncidentTaskOut,
  ZOtherIncidentInput,
  ZOwnerOut,
  ZTaskInput,
  ZTaskPatch,
  ZTaskVerify,
} from '../incidents.js';
import { ZSearchBody } from '../search.js';
import { CORE, defineCall } from './define.js';

const ISSUES = `${CORE}/issues`;
const TASKS = `${CORE}/tasks`;
const ZId = z.string().uuid();
const ZIdParams = z.object({ id: ZId });
const ZCommentParams = z.object({ id: ZId, commentId: ZId });
const ZEvidenceParams = z.object({ id: ZId, evidenceId: ZId });
const ZOk = z.object({ ok: z.literal(true) });

/** The incidents: lists, detail, status machine, history, comments, evidences (decision 0038). */
export const incidentCalls = {
  search: defineCall({
    name: 'incidents.search',
    method: 'POST',
    path: `${ISSUES}/search-issues`,
    body: ZIncidentSearchBody,
    response: z.array(ZIncidentOut.partial()),
    page: true,
  }),
  report: defineCall({ name: 'incidents.report', method: 'POST', path: ISSUES, body: ZOtherIncidentInput, response: ZIncidentDetail }),
  get: defineCall({ name: 'incidents.get', method: 'GET', path: `${ISSUES}/:id`, params: ZIdParams, response: ZIncidentDetail, errors: ['notFound'] }),
  update: defineCall({
    name: 'incidents.update',
    method: 'PATCH',
    path: `${ISSUES}/:id`,
    params: ZIdParams,
    body: ZIncidentPatch,
    response: ZIncidentDetail,
    errors: ['notFound'],
  }),
  status: defineCall({
    name: 'incidents.status',
    method: 'PATCH',
    path: `${ISSUES}/:id/status`,
    params: ZIdParams,
    body: ZIncidentStatusChange,
    response: ZIncidentDetail,
    errors: ['notFound'],
  }),
  history: defineCall({
    name: 'incidents.history',
    method: 'GET',
    path: `${ISSUES}/:id/history`,
    params: ZIdParams,
    response: z.array(ZHistoryOut),
    errors: ['notFound'],
  }),
  comments: defineCall({
    name: 'incidents.comments',
    method: 'GET',
    path: `${ISSUES}/:id/comments`,
    params: ZIdParams,
    response: z.array(ZCommentOut),
    errors: ['notFound'],
  }),
  addComment: defineCall({
    name: 'incidents.addComment',
    method: 'POST',
    path: `${ISSUES}/:id/comments`,
    params: ZIdParams,
    body: ZCommentInput,
    response: z.array(ZCommentOut),
    errors: ['notFound'],
  }),
  updateComment: defineCall({
    name: 'incidents.updateComment',
    method: 'PATCH',
    path: `${ISSUES}/:id/comments/:commentId`,
    params: ZCommentParams,
    body: ZCommentInput,
    response: z.array(ZCommentOut),
    errors: ['notFound'],
  }),
  removeComment: defineCall({
    name: 'incidents.removeComment',
    method: 'DELETE',
    path: `${ISSUES}/:id/comments/:commentId`,
    params: ZCommentParams,
    response: z.array(ZCommentOut),
    errors: ['notFound'],
  }),
  addEvidence: defineCall({
    name: 'incidents.addEvidence',
    method: 'POST',
    path: `${ISSUES}/:id/evidences`,
    params: ZIdParams,
    body: ZFileRef,
    response: ZIncidentDetail,
    errors: ['notFound'],
  }),
  removeEvidence: defineCall({
    name: 'incidents.removeEvidence',
    method: 'DELETE',
    path: `${ISSUES}/:id/evidences/:evidenceId`,
    params: ZEvidenceParams,
    response: ZIncidentDetail,
    errors: ['notFound'],
  }),
  addTask: defineCall({
    name: 'incidents.addTask',
    method: 'POST',
    path: `${ISSUES}/:id/tasks`,
    params: ZIdParams,
    body: ZTaskInput,
    response: ZIncidentTaskOut,
    errors: ['notFound'],
  }),
  /** The filtered incidents list (the search-issues body) as a streamed .xlsx. */
  exportExcel: defineCall({ name: 'incidents.exportExcel', method: 'POST', path: `${CORE}/reports/issues/export-excel`, body: ZSearchBody, file: true }),
  /** Users of the caller's scope who may own incidents and corrective actions. */
  owners: defineCall({
    name: 'incidents.owners',
    method: 'POST',
    path: `${CORE}/users/search-incidences-owners`,
    body: ZSearchBody,
    response: z.array(ZOwnerOut),
    page: true,
  }),
};

/** The corrective actions: list, status, verification and photos (decision 0039). */
export const taskCalls = {
  search: defineCall({
    name: 'tasks.search',
    method: 'POST',
    path: `${TASKS}/search`,
    body: ZSearchBody,
    response: z.array(ZIncidentTaskOut.partial()),
    page: true,
  }),
  exportExcel: defineCall({ name: 'tasks.exportExcel', method: 'POST', path: `${TASKS}/export-excel`, body: ZSearchBody, file: true }),
  get: defineCall({ name: 'tasks.get', method: 'GET', path: `${TASKS}/:id`, params: ZIdParams, response: ZIncidentTaskOut, errors: ['notFound'] }),
  update: defineCall({
    name: 'tasks.update',
    method: 'PATCH',
    path: `${TASKS}/:id`,
    params: ZIdParams,
    body: ZTaskPatch,
    response: ZIncidentTaskOut,
    errors: ['notFound'],
  }),
  verify: defineCall({
    name: 'tasks.verify',
    method: 'POST',
    path: `${TASKS}/:id/verify`,
    params: ZIdParams,
    body: ZTaskVerify,
    response: ZIncidentTaskOut,
    errors: ['notFound'],
  }),
  addImage: defineCall({
    name: 'tasks.addImage',
    method: 'POST',
    path: `${TASKS}/:id/images`,
    params: ZIdParams,
    body: ZFileRef,
    response: ZIncidentTaskOut,
    errors: ['notFound'],
  }),
  remove: defineCall({ name: 'tasks.remove', method: 'DELETE', path: `${TASKS}/:id`, params: ZIdParams, response: ZOk, errors: ['notFound'] }),
};
