import { QUERY_STALE_TIME_MS } from '@audit/domain/constants';
import { ApiError, NETWORK_ERROR } from '../api/errors';
import { sessionOwner } from './sessionOwner';

/**
 * Device copies of the answers the shell cannot open without (users/me, spaces/current): a cold
 * start with no network (a tablet in a basement) renders from the last answer instead of an error.
 * Each copy carries its session owner (user and space of the token) and is used only for that same
 * owner, and only when the server could not be reached at all: a 401/403 stays an answer.
 */
interface TStoredCopy<T> {
  owner: string;
  data: T;
}

/** Copies whose last answer in this page came from the server; the others are stand-ins to replace. */
const fromServer = new Set<string>();

export const isNetworkError = (error: unknown) => error instanceof ApiError && error.name === NETWORK_ERROR;

export function keepCopy<T>(key: string, data: T) {
  const owner = sessionOwner();
  if (!owner) return;
  try {
    localStorage.setItem(key, JSON.stringify({ owner, data } satisfies TStoredCopy<T>));
  } catch {
    // Storage full or unavailable: the app still works online, only the offline start is lost.
  }
}

export function readCopy<T>(key: string): T | null {
  const owner = sessionOwner();
  if (!owner) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as TStoredCopy<T> | null;
    return stored?.owner === owner && stored.data != null ? stored.data : null;
  } catch {
    return null;
  }
}

/** Whether what the app shows for `key` was answered by the server in this page (not a copy). */
export const answeredByServer = (key: string) => fromServer.has(key);

/**
 * Wraps a fetch: a server answer is kept as the copy; a network failure answers with the copy of
 * this session when there is one, otherwise it fails as before.
 */
export function withOfflineCopy<T>(key: string, fetcher: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const data = await fetcher();
      keepCopy(key, data);
      fromServer.add(key);
      return data;
    } catch (error) {
      const copy = isNetworkError(error) ? readCopy<T>(key) : null;
      if (copy === null) throw error;
      fromServer.delete(key);
      return copy;
    }
  };
}

/**
 * Query staleTime: the usual one for a server answer; 0 for a copy (or data another module put in
 * the cache), so the next screen that reads it asks the server again.
 */
export const staleUnlessFromServer = (key: string) => () => (fromServer.has(key) ? QUERY_STALE_TIME_MS : 0);

/**
 * The copy of this session as a query's first data, stale at once: the shell renders from it without
 * waiting for the round trip, and the server is asked at the same time (on an installed tablet, the
 * page as fast online as offline; decision 0109). Its answer replaces the copy a moment later; an
 * answer of the server's own (401, 403, 500) stands as before.
 */
export const copyFirst = <T>(key: string) => ({
  initialData: (): T | undefined => readCopy<T>(key) ?? undefined,
  initialDataUpdatedAt: 0,
});
