import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCommentOut,
  THistoryOut,
  TIncidentDetail,
  TIncidentOut,
  TIncidentPatch,
  TIncidentStatus,
  TIncidentTaskOut,
  TOtherIncidentInput,
  TTaskInput,
  TTaskStatus,
} from '@audit/domain/incidents';
import type { TSearchBody } from '@audit/domain/search';
import { areaCalls, establishmentCalls, structureCalls } from '@audit/domain/calls/structures';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { z } from '@audit/domain/zod';
import { request, searchPage, type TPage, type TSearchRequest } from '../../api/client';
import { send, sendPage } from '../../api/send';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { NOTIFICATIONS_QUERY_KEY } from '../../api/notifications';
import i18n from '../../i18n';
import { loadResource } from '../../offline/loadResource';
import { isQueuedWrite, offlineWrite } from '../../offline/write';
import { uuid } from '../../offline/uuid';
import { getStoredSpace } from '../../session/storage';
import { notifyInfo, notifySuccess } from '../../ui/feedback';
import { IMAGE_UPLOAD, TASKS_BASE, type TIncidentCopy } from './offline/incidentChanges';
import { incidentResource, INCIDENTS_QUERY_KEY } from './offline/incidentResource';
import type { TAnnotatedPhoto } from './PhotoAnnotator';

/** The incidents calls (docs/decisions/0038); types are packages/domain's response schemas. */
export type TIncident = TIncidentOut;
/** The detail with its comments (the offline layer's copy, decision 0054). */
export type TIncidentFull = TIncidentCopy;
export type TTask = TIncidentTaskOut;
export type TComment = TCommentOut;
export type THistory = THistoryOut;
const BASE = '/ms-core/api/issues';
const TASKS = TASKS_BASE;
export { INCIDENTS_QUERY_KEY };

export { searchBody, type TIncidentFilters, type TIncidentListParams } from './searchBody';
import { searchBody, type TIncidentListParams } from './searchBody';

export const searchIncidents = (params: TIncidentListParams) =>
  searchPage<TIncident>(`${BASE}/search-issues`, { page: params.page, size: params.size, ...searchBody(params) });

export const useIncidentsList = (params: TIncidentListParams) =>
  useQuery(queryOptions({ queryKey: [...INCIDENTS_QUERY_KEY, 'list', params], queryFn: () => searchIncidents(params), placeholderData: keepPreviousData }));

/** Through the offline layer: the server's answer, or offline the device's copy with the changes waiting to be sent. */
export const incidentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...INCIDENTS_QUERY_KEY, 'detail', id],
    queryFn: () => loadResource<TIncidentFull>(incidentResource(id)),
    networkMode: 'always',
  });
export const useIncident = (id: string) => useQuery(incidentQueryOptions(id));
export const useHistory = (id: string, enabled: boolean) =>
  useQuery({ queryKey: [...INCIDENTS_QUERY_KEY, 'history', id], queryFn: () => request<THistory[]>(`${BASE}/${id}/history`), enabled });

export interface TOwner {
  _id: string;
  name: string;
  email: string;
}
export const useOwners = (search: string) =>
  useQuery({
    queryKey: [...INCIDENTS_QUERY_KEY, 'owners', search],
    queryFn: () => searchPage<TOwner>('/ms-core/api/users/search-incidences-owners', { size: 50, search: search || undefined }),
  });

/** An option of the list's filters: a client, an establishment or area (its parent), a template. */
const ZFilterOption = ZNamed.extend({ parent: z.string().nullable().optional() });
export type TFilterOption = z.output<typeof ZFilterOption>;
/** One page of a list's options: a search call (or, for a call not on the calls yet, its path). */
type TOptionsSearch = (body: TSearchRequest) => Promise<TPage<unknown>>;
const byPath =
  (path: string): TOptionsSearch =>
  (body) =>
    searchPage<unknown>(path, body);
const SEARCH_OF = {
  clients: (body: TSearchRequest) => sendPage(structureCalls.searchForClientUsers, body),
  establishments: (body: TSearchRequest) => sendPage(establishmentCalls.search, body),
  areas: (body: TSearchRequest) => sendPage(areaCalls.search, body),
};
const filterOptions = (key: string, search: TOptionsSearch, size: number, filters: TSearchBody['filters'] = [], enabled = true) => ({
  queryKey: [...INCIDENTS_QUERY_KEY, 'options', key, filters],
  queryFn: async () => (await wholeRows(ZFilterOption, search({ page: 0, size, sort: 'name', filters }))).items,
  enabled,
  staleTime: 60_000,
});
const ofClient = (client?: string): TSearchBody['filters'] => [{ field: 'client', operator: 'eq', value: client ?? '' }];
/** The filters' clients (the calls document's client lookup, size 250). */
export const useClientOptions = () => useQuery(filterOptions('clients', SEARCH_OF.clients, 250));
type TPlaceKind = 'establishments' | 'areas';
const SPACE_TYPE_OF: Record<TPlaceKind, string> = { establishments: 'ESTABLISHMENT', areas: 'AREA' };

/**
 * A client's staff may not search establishments or areas (ESTABLISHMENT:READ, AREA:READ: two 403s
 * on "Otras incidencias"): theirs are the spaces they may enter (my-spaces, the space selector's
 * call), below the space they are in, and below `client` when one is chosen.
 */
export const ownPlacesOptions = (kind: TPlaceKind, client: string | undefined, enabled = true) => ({
  queryKey: [...INCIDENTS_QUERY_KEY, 'options', 'own', kind, client ?? ''],
  queryFn: async (): Promise<TFilterOption[]> => {
    const here = getStoredSpace()?.secureSpacePath ?? '/';
    const spaces = await send(spaceCalls.mySpaces, { query: { size: 200 } });
    return spaces
      .filter((s) => s.typeStructure === SPACE_TYPE_OF[kind] && s.secureSpacePath.startsWith(here) && (!client || s.secureSpacePath.includes(`/${client}/`)))
      .map((s) => ({ _id: s._id, name: s.name, parent: s.parent }))
      .sort((a, b) => a.name.localeCompare(b.name));
  },
  enabled,
  staleTime: 60_000,
});

/** One client's establishments, and its areas (each with its establishment as parent); `staff` searches them, others use their own. */
export const useEstablishmentOptions = (client: string | undefined, staff: boolean) =>
  useQuery(
    staff
      ? filterOptions('establishments', SEARCH_OF.establishments, 1000, ofClient(client), Boolean(client))
      : ownPlacesOptions('establishments', client, Boolean(client)),
  );
export const useAreaOptions = (client: string | undefined, staff: boolean) =>
  useQuery(staff ? filterOptions('areas', SEARCH_OF.areas, 1000, ofClient(client), Boolean(client)) : ownPlacesOptions('areas', client, Boolean(client)));
/** The report form's places: establishments or areas of the chosen client (staff), or the caller's own (a client's staff). */
export const usePlaceOptions = (kind: TPlaceKind, client: string | undefined, staff: boolean) =>
  useQuery(staff ? filterOptions(`place-${kind}`, SEARCH_OF[kind], 1000, client ? ofClient(client) : []) : ownPlacesOptions(kind, undefined));
/** Audit templates (the audits list's template filter). */
export const useTemplateOptions = (enabled: boolean) => useQuery(filterOptions('templates', byPath('/ms-core/api/audit-templates/search'), 1000, [], enabled));

/** Every change refreshes the incident, its lists, its history and the bell (a change may notify). */
function useIncidentMutation<V>(fn: (vars: V) => Promise<unknown>, success: 'updateSuccess' | 'createSuccess' | 'deleteSuccess' = 'updateSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      notifySuccess(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: INCIDENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
      ]);
    },
  });
}

/** POST /issues: an "others" incident reported by hand (draft or opened at once). */
export const useReportIncident = () =>
  useIncidentMutation((body: TOtherIncidentInput) => request<TIncidentDetail>(BASE, { method: 'POST', body }), 'createSuccess');

/** PATCH /issues/{id}: name, description, priority, category, type, responsible (each change in the history). */
export const useUpdateIncident = (id: string) =>
  useIncidentMutation((body: TIncidentPatch) => request<TIncidentDetail>(`${BASE}/${id}`, { method: 'PATCH', body }));

export const useChangeStatus = (id: string) =>
  useIncidentMutation((status: TIncidentStatus) => request<TIncidentDetail>(`${BASE}/${id}/status`, { method: 'PATCH', body: { status } }));
export const useEditComment = (id: string) =>
  useIncidentMutation(({ commentId, text }: { commentId: string; text: string }) =>
    request<TComment[]>(`${BASE}/${id}/comments/${commentId}`, { method: 'PATCH', body: { text } }),
  );
export const useRemoveComment = (id: string) =>
  useIncidentMutation((commentId: string) => request<TComment[]>(`${BASE}/${id}/comments/${commentId}`, { method: 'DELETE' }), 'deleteSuccess');
export const useAddTask = (id: string) =>
  useIncidentMutation((body: TTaskInput) => request<TTask>(`${BASE}/${id}/tasks`, { method: 'POST', body }), 'createSuccess');
/**
 * The writes of an incident that work offline (decisions 0045 and 0054): sent at once when they can
 * be, with an Idempotency-Key; otherwise kept on the device and sent when the network returns.
 * Either way the incident is read again (offline: the device's copy with what waits).
 */
function useOfflineIncidentMutation<V>(fn: (vars: V) => Promise<unknown>, success: 'updateSuccess' | 'createSuccess' = 'updateSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it must still run: offlineWrite queues it (a mutation paused for the network would never reach the queue).
    networkMode: 'always',
    mutationFn: async (vars: V) => {
      try {
        await fn(vars);
        return 'sent' as const;
      } catch (error) {
        if (isQueuedWrite(error)) return 'queued' as const;
        throw error;
      }
    },
    onSuccess: async (outcome) => {
      if (outcome === 'queued') notifyInfo(i18n.t('incidents.offline.queued'));
      else notifySuccess(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: INCIDENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
      ]);
    },
  });
}

/** A comment on the incident, offline too (decision 0054). */
export const useAddComment = (id: string) =>
  useOfflineIncidentMutation(
    (text: string) => offlineWrite<TComment[]>({ resource: incidentResource(id), method: 'POST', url: `${BASE}/${id}/comments`, body: { text } }),
    'createSuccess',
  );

/** A corrective action's status move, offline too. */
export const useMoveTask = (incidentId: string) =>
  useOfflineIncidentMutation(({ taskId, status }: { taskId: string; status: TTaskStatus }) =>
    offlineWrite({ resource: incidentResource(incidentId), method: 'PATCH', url: `${TASKS}/${taskId}`, body: { status } }),
  );

/**
 * A corrective action's photo, offline too: the original and the marked copy uploaded (each naming
 * a pending id until the server names it), then tied to the action. A step that waits makes the
 * next ones wait behind it, in order.
 */
export const useTaskPhoto = (incidentId: string) =>
  useOfflineIncidentMutation(async ({ taskId, photo }: { taskId: string; photo: TAnnotatedPhoto }) => {
    const resource = incidentResource(incidentId);
    const upload = async (file: Blob) => {
      const pending = `pending-${uuid()}`;
      try {
        return (await offlineWrite<{ _id: string }>({ resource, method: 'POST', url: IMAGE_UPLOAD, multipart: { fields: {}, file }, creates: pending }))._id;
      } catch (error) {
        if (!isQueuedWrite(error)) throw error;
        return pending;
      }
    };
    const fileId = await upload(photo.file);
    const annotatedFileId = photo.annotated ? await upload(photo.annotated) : null;
    await offlineWrite({ resource, method: 'POST', url: `${TASKS}/${taskId}/images`, body: { fileId, annotatedFileId } });
  });
export const useVerifyTask = () =>
  useIncidentMutation(({ taskId, approved }: { taskId: string; approved: boolean }) =>
    request<TTask>(`${TASKS}/${taskId}/verify`, { method: 'POST', body: { approved } }),
  );
export const useRemoveTask = () => useIncidentMutation((taskId: string) => request(`${TASKS}/${taskId}`, { method: 'DELETE' }), 'deleteSuccess');

/** A photo: resized in the browser, uploaded to the files module, then tied to the incident or to one action. */
async function uploadImage(file: Blob) {
  const form = new FormData();
  form.append('file', file, 'foto.jpg');
  return request<{ _id: string }>('/ms-core/api/files/image', { method: 'POST', body: form });
}
/** The photo as taken and, when it was marked, the marked copy (shown; the original kept beside it). */
export const useAddPhoto = (id: string) =>
  useIncidentMutation(async ({ photo }: { photo: TAnnotatedPhoto }) => {
    const stored = await uploadImage(photo.file);
    const annotated = photo.annotated ? await uploadImage(photo.annotated) : null;
    return request(`${BASE}/${id}/evidences`, { method: 'POST', body: { fileId: stored._id, annotatedFileId: annotated?._id ?? null } });
  }, 'createSuccess');
export const useRemovePhoto = (id: string) =>
  useIncidentMutation((evidenceId: string) => request(`${BASE}/${id}/evidences/${evidenceId}`, { method: 'DELETE' }), 'deleteSuccess');
