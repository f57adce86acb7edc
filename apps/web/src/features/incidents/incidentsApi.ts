import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCommentOut,
  THistoryOut,
  TIncidentOut,
  TIncidentPatch,
  TIncidentStatus,
  TIncidentTaskOut,
  TOtherIncidentInput,
  TOwnerOut,
  TTaskInput,
  TTaskStatus,
} from '@audit/domain/incidents';
import { ZIncidentOut } from '@audit/domain/incidents';
import type { TSearchBody } from '@audit/domain/search';
import { fileCalls } from '@audit/domain/calls/files';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import { templateCalls } from '@audit/domain/calls/templates';
import { ZRef as ZTemplateRef } from '@audit/domain/templates';
import { type TPage, type TSearchRequest } from '../../api/client';
import { send, sendPage } from '../../api/send';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { areaCalls, establishmentCalls, structureCalls } from '@audit/domain/calls/structures';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { z } from '@audit/domain/zod';
import { NOTIFICATIONS_QUERY_KEY } from '../../api/notifications';
import i18n from '../../i18n';
import { loadResource } from '../../offline/loadResource';
import { isQueuedWrite, offlineWrite } from '../../offline/write';
import { uuid } from '../../offline/uuid';
import { getStoredSpace } from '../../session/storage';
import { notifyInfo, notifySuccess } from '../../ui/feedback';
import type { TIncidentCopy } from './offline/incidentChanges';
import { incidentResource, INCIDENTS_QUERY_KEY } from './offline/incidentResource';
import type { TAnnotatedPhoto } from './PhotoAnnotator';

/** The incidents calls (docs/decisions/0038); types are packages/domain's response schemas. */
export type TIncident = TIncidentOut;
/** The detail with its comments (the offline layer's copy, decision 0054). */
export type TIncidentFull = TIncidentCopy;
export type TTask = TIncidentTaskOut;
export type TComment = TCommentOut;
export type THistory = THistoryOut;
export { INCIDENTS_QUERY_KEY };

export { searchBody, type TIncidentFilters, type TIncidentListParams } from './searchBody';
import { searchBody, type TIncidentListParams } from './searchBody';

export const searchIncidents = async (params: TIncidentListParams) =>
  wholeRows(ZIncidentOut, sendPage(incidentCalls.search, { page: params.page, size: params.size, ...searchBody(params) }));

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
  useQuery({ queryKey: [...INCIDENTS_QUERY_KEY, 'history', id], queryFn: () => send(incidentCalls.history, { params: { id } }), enabled });

export type TOwner = TOwnerOut;
export const useOwners = (search: string) =>
  useQuery({
    queryKey: [...INCIDENTS_QUERY_KEY, 'owners', search],
    queryFn: () => sendPage(incidentCalls.owners, { size: 50, search: search || undefined }),
  });

/** An option of the list's filters: a client, an establishment or area (its parent), a template. */
const ZFilterOption = ZNamed.extend({ parent: z.string().nullable().optional() });
export type TFilterOption = z.output<typeof ZFilterOption>;
/** One page of a list's options: a search call. */
type TOptionsSearch = (body: TSearchRequest) => Promise<TPage<unknown>>;
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
export const useTemplateOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...INCIDENTS_QUERY_KEY, 'options', 'templates', []],
    queryFn: async () =>
      (await sendPage(templateCalls.search, { page: 0, size: 1000, sort: 'name', filters: [] })).items.map((item) => ZTemplateRef.parse(item)),
    enabled,
    staleTime: 60_000,
  });

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
export const useReportIncident = () => useIncidentMutation((body: TOtherIncidentInput) => send(incidentCalls.report, { body }), 'createSuccess');

/** PATCH /issues/{id}: name, description, priority, category, type, responsible (each change in the history). */
export const useUpdateIncident = (id: string) => useIncidentMutation((body: TIncidentPatch) => send(incidentCalls.update, { params: { id }, body }));

export const useChangeStatus = (id: string) =>
  useIncidentMutation((status: TIncidentStatus) => send(incidentCalls.status, { params: { id }, body: { status } }));
export const useEditComment = (id: string) =>
  useIncidentMutation(({ commentId, text }: { commentId: string; text: string }) =>
    send(incidentCalls.updateComment, { params: { id, commentId }, body: { text } }),
  );
export const useRemoveComment = (id: string) =>
  useIncidentMutation((commentId: string) => send(incidentCalls.removeComment, { params: { id, commentId } }), 'deleteSuccess');
export const useAddTask = (id: string) => useIncidentMutation((body: TTaskInput) => send(incidentCalls.addTask, { params: { id }, body }), 'createSuccess');
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
    (text: string) => offlineWrite(incidentCalls.addComment, { resource: incidentResource(id), params: { id }, body: { text } }),
    'createSuccess',
  );

/** A corrective action's status move, offline too. */
export const useMoveTask = (incidentId: string) =>
  useOfflineIncidentMutation(({ taskId, status }: { taskId: string; status: TTaskStatus }) =>
    offlineWrite(taskCalls.update, { resource: incidentResource(incidentId), params: { id: taskId }, body: { status } }),
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
        return (await offlineWrite(fileCalls.image, { resource, multipart: { fields: {}, file }, creates: pending }))._id;
      } catch (error) {
        if (!isQueuedWrite(error)) throw error;
        return pending;
      }
    };
    const fileId = await upload(photo.file);
    const annotatedFileId = photo.annotated ? await upload(photo.annotated) : null;
    await offlineWrite(taskCalls.addImage, { resource, params: { id: taskId }, body: { fileId, annotatedFileId } });
  });
export const useVerifyTask = () =>
  useIncidentMutation(({ taskId, approved }: { taskId: string; approved: boolean }) => send(taskCalls.verify, { params: { id: taskId }, body: { approved } }));
export const useRemoveTask = () => useIncidentMutation((taskId: string) => send(taskCalls.remove, { params: { id: taskId } }), 'deleteSuccess');

/** A photo: resized in the browser, uploaded to the files module, then tied to the incident or to one action. */
async function uploadImage(file: Blob) {
  const form = new FormData();
  form.append('file', file, 'foto.jpg');
  return send(fileCalls.image, { body: form });
}
/** The photo as taken and, when it was marked, the marked copy (shown; the original kept beside it). */
export const useAddPhoto = (id: string) =>
  useIncidentMutation(async ({ photo }: { photo: TAnnotatedPhoto }) => {
    const stored = await uploadImage(photo.file);
    const annotated = photo.annotated ? await uploadImage(photo.annotated) : null;
    return send(incidentCalls.addEvidence, { params: { id }, body: { fileId: stored._id, annotatedFileId: annotated?._id ?? null } });
  }, 'createSuccess');
export const useRemovePhoto = (id: string) =>
  useIncidentMutation((evidenceId: string) => send(incidentCalls.removeEvidence, { params: { id, evidenceId } }), 'deleteSuccess');
