import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  REGISTER_SEARCH_SIZE,
  ZRegisterOut,
  type TAnswerAdd,
  type TAreaAccess,
  type TLogEntryOut,
  type TPeriodName,
  type TRegisterStatus,
} from '@audit/domain/registers';
import { registerCalls, type TPending } from '@audit/domain/calls/registers';
import type { TSearchRequest } from '../../api/client';
import { send, sendPage } from '../../api/send';
import { loadResource } from '../../offline/loadResource';
import { isQueuedWrite, offlineWrite } from '../../offline/write';
import { journalSave } from './offline/journal';
import type { TRegisterLog } from './offline/logChanges';
import { fetchGrid, fetchRegister, registerLogResource, REGISTER_LOGS_QUERY_KEY } from './offline/registerResource';

/** The log's calls (decision 0031, 0036); types inferred from packages/domain's schemas. */
export type { TPending };

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
      const [register, grid] = await Promise.all([fetchRegister(registerId), fetchGrid(registerId, view)]);
      return { register, grid };
    },
    // Offline the device's copy answers (loadResource): the query runs whatever the network, never paused waiting for it.
    networkMode: 'always',
    placeholderData: keepPreviousData,
  });
export const useRegisterLog = (registerId: string, view: TLogView) => useQuery(logQueryOptions(registerId, view));

/** Before a save (online): the checks of answer/add and what is already stored for that take (the conflict dialog). */
export const checkRegisterData = (registerId: string, body: { date: string; take: number; facilities: string[] }) =>
  send(registerCalls.checkRegisterData, { params: { id: registerId }, body });

export type TSaveResult = { status: 'saved'; entries: TLogEntryOut[] } | { status: 'queued' };

/**
 * Saves a take through the offline layer: sent at once online (with an Idempotency-Key), queued
 * offline and replayed once. Journalled first, synchronously, with its idempotency key, so a tab
 * killed before the queue has it loses nothing; `key`: a leftover's own, sent again with it.
 */
export async function saveTake(registerId: string, body: TAnswerAdd, key?: string): Promise<TSaveResult> {
  const journalled = journalSave(registerId, body, key);
  try {
    const entries = await offlineWrite(registerCalls.addAnswer, {
      resource: registerLogResource(registerId),
      params: { id: registerId },
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
  send(registerCalls.openClose, { params: { id: registerId }, body });

// ---- lists

export interface TStatusListParams {
  status: TRegisterStatus;
  page: number;
  search: string;
  area?: TAreaAccess | null;
  dateRange?: [string, string] | null;
}

/** The status lists ask without projections: each row comes whole. */
const wholeRegisters = <P extends { items: unknown[] }>(page: P) => ({ ...page, items: ZRegisterOut.array().parse(page.items) });
const STATUS_CALLS = { pending: registerCalls.searchPending, completed: registerCalls.searchCompleted, closed: registerCalls.searchClosed } as const;

export const statusListQueryOptions = (p: TStatusListParams) =>
  queryOptions({
    queryKey: [...REGISTER_LOGS_QUERY_KEY, 'status', p],
    queryFn: () => {
      // The status lists' own filters (area, date range) travel in the search body beside the paging.
      const search: TSearchRequest = {
        page: p.page,
        size: REGISTER_SEARCH_SIZE,
        search: p.search,
        sort: 'name',
        ...(p.area ? { area: p.area } : {}),
        ...(p.dateRange ? { dateRange: p.dateRange } : {}),
      };
      return sendPage(STATUS_CALLS[p.status], search).then(wholeRegisters);
    },
    placeholderData: keepPreviousData,
  });
export const useStatusList = (p: TStatusListParams) => useQuery(statusListQueryOptions(p));

/** Pending takes of the caller's registers (badges on each register). */
export const usePending = () =>
  useQuery({
    queryKey: [...REGISTER_LOGS_QUERY_KEY, 'pending'],
    queryFn: () => send(registerCalls.checkPending, { body: {} }),
  });
