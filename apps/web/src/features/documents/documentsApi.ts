import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { documentCalls } from '@audit/domain/documents/calls';
import { DOCUMENT_MAX_BYTES, type TDocument, type TDocumentDetail, type TFolder } from '@audit/domain/documents/schemas';
import type { TSearchBody } from '@audit/domain/search';
import { send, sendForFile, sendPage, urlOf } from '../../api/send';
import { getAccessToken } from '../../session/storage';

/** The documents calls (decision 0088); types are packages/domain's schemas. */
export const DOCUMENTS_KEY = ['documents'] as const;
export type { TDocument, TDocumentDetail, TFolder };

export const useFolders = (space: string | undefined) =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'folders', space ?? 'all'],
    queryFn: async () =>
      (await sendPage(documentCalls.folders, { size: 500, sort: 'name', filters: space ? [{ field: 'space', operator: 'eq', value: space }] : [] }))
        .items as TFolder[],
  });

export interface TDocumentList {
  space?: string;
  folder?: string;
  search: string;
  page: number;
  size: number;
}

export const useDocuments = (p: TDocumentList) =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'list', p],
    queryFn: async () => {
      const filters: TSearchBody['filters'] = [];
      if (p.space) filters.push({ field: 'space', operator: 'eq', value: p.space });
      if (p.folder) filters.push({ field: 'folder', operator: 'eq', value: p.folder });
      const page = await sendPage(documentCalls.search, { page: p.page, size: p.size, search: p.search, sort: 'name', filters });
      return { items: page.items as TDocument[], total: page.total };
    },
    placeholderData: keepPreviousData,
  });

export const useDocument = (id: string | undefined) =>
  useQuery({ queryKey: [...DOCUMENTS_KEY, 'one', id], queryFn: () => send(documentCalls.get, { params: { id: id ?? '' } }), enabled: Boolean(id) });

export const usePeople = (id: string | undefined) =>
  useQuery({ queryKey: [...DOCUMENTS_KEY, 'people', id], queryFn: () => send(documentCalls.people, { params: { id: id ?? '' } }), enabled: Boolean(id) });

export const createFolder = (space: string, name: string) => send(documentCalls.createFolder, { body: { space, name } });
export const removeFolder = (id: string) => send(documentCalls.removeFolder, { params: { id } });
export const removeDocument = (id: string) => send(documentCalls.remove, { params: { id } });
export const updateDocument = (id: string, body: { name?: string; effectiveDate?: string | null; expiryDate?: string | null }) =>
  send(documentCalls.update, { params: { id }, body });
export const shareDocument = (id: string, users: string[]) => send(documentCalls.share, { params: { id }, body: { users } });

/** A version's bytes as a blob URL (the preview and downloads go with the session's token). */
export async function versionBlobUrl(id: string, versionId: string, download = false) {
  const res = await sendForFile(documentCalls.content, { params: { id, versionId }, query: download ? { download: '1' } : {} });
  return URL.createObjectURL(await res.blob());
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * One file's upload with its progress (XHR: fetch reports no upload progress). A file above the
 * limit is refused here before a byte is sent; the server checks it again. Rejects with the
 * catalogue's message in the user's language.
 */
export function uploadDocument(
  file: File,
  fields: { folder?: string; document?: string; effectiveDate?: string; expiryDate?: string },
  language: string,
  onProgress: (percent: number) => void,
  tooLarge: string,
): Promise<TDocumentDetail> {
  if (file.size > DOCUMENT_MAX_BYTES) return Promise.reject(new UploadError(tooLarge, 413));
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value) form.append(key, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlOf(documentCalls.upload));
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-language', language);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: { message?: string } & Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: the status says it */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as unknown as TDocumentDetail);
      else reject(new UploadError(body.message ?? String(xhr.status), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('network', 0));
    xhr.send(form);
  });
}
