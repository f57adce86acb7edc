import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  REGISTER_SEARCH_SIZE,
  type TAnswerAdd,
  type TAreaAccess,
  type TCheckRegisterDataOut,
  type TLogEntryOut,
  type TPeriodName,
  type TRegisterOut,
  type TRegisterStatus,
} from '@audit/domain/registers';
import { request, searchPage } from '../../api/client';
import { loadResource } from '../../offline/loadResource';
import { isQueuedWrite, offlineWrite } from '../../offline/write';
import { journalSave } from './offline/journal';
import type { TRegisterLog } from './offline/logChanges';
import { fetchGrid, registerLogResource, REGISTER_LOGS_QUERY_KEY, REGISTERS_BASE } from './offline/registerResource';

/** The log's calls (decision 0031, 0036); types inferred from packages/domain's schemas. */
export type TPending = { _id: string; areaAccess: string; pending: number };

export interface TLogView {
  /** A day of the period to show; none: the current period (the one kept for offline use). */
  date?: string;
  repeatTakes?: number;
}

/** The current period comes through the offline layer (device copy plus queued saves); another one straight from the server. */
export const logQueryOptions = (registerId: string, view: TLogView) =>
  queryOptions({
    queryKey: [...REGISTER_LOGS_QUERY_KEY, 'log', registerId, view],
    queryFn: async (): Promise<TRegisterLog> => {
      if (!view.date && !view.repeatTakes) return loadResource<TRegisterLog>(registerLogResource(registerId));
      const [register, grid] = await Promise.all([request<TRegisterOut>(`${REGISTERS_BASE}/${registerId}`), fetchGrid(registerId, view)]);
      return { register, grid };
    },
    // Offline the device's copy answers (loadResource): the query runs whatever the network, never paused waiting for it.
    networkMode: 'always',
    placeholderData: keepPreviousData,
  });
export const useRegisterLog = (registerId: string, view: TLogView) => useQuery(logQueryOptions(registerId, view));

/** Before a save (online): the checks of answer/add and what is already stored for that take (the conflict dialog). */
export const checkRegisterData = (registerId: string, body: { date: string; take: number; facilities: string[] }) =>
  request<TCheckRegisterDataOut>(`${REGISTERS_BASE}/${registerId}/answer/checkRegisterData`, { method: 'POST', body });

export type TSaveResult = { status: 'saved'; entries: TLogEntryOut[] } | { status: 'queued' };

/**
 * Saves a take through the offline layer: sent at once online (with an Idempotency-Key), queued
 * offline and replayed once. Journalled first, synchronously, with its idempotency key, so a tab
 * killed before the queue has it loses nothing; `key`: a leftover's own, sent again with it.
 */
export async function saveTake(registerId: string, body: TAnswerAdd, key?: string): Promise<TSaveResult> {
  const journalled = journalSave(registerId, body, key);
  try {
    const entries = await offlineWrite<TLogEntryOut[]>({
      resource: registerLogResource(registerId),
      method: 'POST',
      url: `${REGISTERS_BASE}/${registerId}/answer/add`,
      body,
      key: journalled.key,
    });
    return { status: 'saved', entries };
  } catch (error) {
    if (isQueuedWrite(error)) return { status: 'queued' };
    throw error;
  } finally {
    journalled.settle();
  }
}

export const openClose = (registerId: string, body: { period: TPeriodName; date: string; open: boolean }) =>
  request<{ period: string; startDay: string; open: boolean }>(`${REGISTERS_BASE}/${registerId}/open-close`, { method: 'PATCH', body });

// ---- lists

export interface TStatusListParams {
  status: TRegisterStatus;
  page: number;
  search: string;
  area?: TAreaAccess | null;
  dateRange?: [string, string] | null;
}

export const statusListQueryOptions = (p: TStatusListParams) =>
  queryOptions({
    queryKey: [...REGISTER_LOGS_QUERY_KEY, 'status', p],
    queryFn: () =>
      searchPage<TRegisterOut>(`${REGISTERS_BASE}/${p.status}/search`, {
        page: p.page,
        size: REGISTER_SEARCH_SIZE,
        search: p.search,
        sort: 'name',
        ...(p.area ? { area: p.area } : {}),
        ...(p.dateRange ? { dateRange: p.dateRange } : {}),
      } as Parameters<typeof searchPage>[1]),
    placeholderData: keepPreviousData,
  });
export const useStatusList = (p: TStatusListParams) => useQuery(statusListQueryOptions(p));

/** Pending takes of the caller's registers (badges on each register). */
export const usePending = () =>
  useQuery({
    queryKey: [...REGISTER_LOGS_QUERY_KEY, 'pending'],
    queryFn: () => request<TPending[]>(`${REGISTERS_BASE}/check-pending`, { method: 'POST', body: {} }),
  });
