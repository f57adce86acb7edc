import { z } from '../zod.js';
import { CORE, defineCall } from '../calls/define.js';
import {
  ZContentQuery,
  ZDocument,
  ZDocumentDetail,
  ZDocumentPatch,
  ZDocumentPerson,
  ZDocumentSearch,
  ZDocumentShare,
  ZFolder,
  ZFolderInput,
  ZFolderPatch,
} from './schemas.js';

/** Documents on /ms-core/api/documents (decision 0088: the calls document defines none). */
const BASE = `${CORE}/documents`;
const ZIdParams = z.object({ id: z.string().uuid() });
const ZOk = z.object({ ok: z.literal(true) });

export const documentCalls = {
  folders: defineCall({
    name: 'documents.folders',
    method: 'POST',
    path: `${BASE}/folders/search`,
    body: ZDocumentSearch,
    response: z.array(ZFolder.partial()),
    page: true,
  }),
  createFolder: defineCall({
    name: 'documents.createFolder',
    method: 'POST',
    path: `${BASE}/folders`,
    body: ZFolderInput,
    response: ZFolder,
    errors: ['alreadyExists'],
  }),
  updateFolder: defineCall({
    name: 'documents.updateFolder',
    method: 'PATCH',
    path: `${BASE}/folders/:id`,
    params: ZIdParams,
    body: ZFolderPatch,
    response: ZFolder,
    errors: ['notFound', 'alreadyExists'],
  }),
  removeFolder: defineCall({
    name: 'documents.removeFolder',
    method: 'DELETE',
    path: `${BASE}/folders/:id`,
    params: ZIdParams,
    response: ZOk,
    errors: ['notFound'],
  }),
  search: defineCall({
    name: 'documents.search',
    method: 'POST',
    path: `${BASE}/search`,
    body: ZDocumentSearch,
    response: z.array(ZDocument.partial()),
    page: true,
  }),
  /** Multipart: the `file` part and the fields of ZDocumentUploadFields. */
  upload: defineCall({
    name: 'documents.upload',
    method: 'POST',
    path: `${BASE}/upload`,
    response: ZDocumentDetail,
    errors: ['fileTooLarge', 'fileTypeMismatch', 'notFound'],
  }),
  get: defineCall({ name: 'documents.get', method: 'GET', path: `${BASE}/:id`, params: ZIdParams, response: ZDocumentDetail, errors: ['notFound'] }),
  update: defineCall({
    name: 'documents.update',
    method: 'PATCH',
    path: `${BASE}/:id`,
    params: ZIdParams,
    body: ZDocumentPatch,
    response: ZDocumentDetail,
    errors: ['notFound'],
  }),
  remove: defineCall({ name: 'documents.remove', method: 'DELETE', path: `${BASE}/:id`, params: ZIdParams, response: ZOk, errors: ['notFound'] }),
  content: defineCall({
    name: 'documents.content',
    method: 'GET',
    path: `${BASE}/:id/versions/:versionId/content`,
    params: z.object({ id: z.string().uuid(), versionId: z.string().uuid() }),
    query: ZContentQuery,
    file: true,
    errors: ['notFound'],
  }),
  people: defineCall({
    name: 'documents.people',
    method: 'GET',
    path: `${BASE}/:id/people`,
    params: ZIdParams,
    response: z.array(ZDocumentPerson),
    errors: ['notFound'],
  }),
  share: defineCall({
    name: 'documents.share',
    method: 'PUT',
    path: `${BASE}/:id/shares`,
    params: ZIdParams,
    body: ZDocumentShare,
    response: ZDocumentDetail,
    errors: ['notFound'],
  }),
};
