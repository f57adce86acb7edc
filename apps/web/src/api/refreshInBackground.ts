import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Marks the queries under `queryKey` stale and refetches those on screen, without holding the
 * caller: a save's spinner stops when the server has answered, not when every list under the key
 * has been read again (saving a user spun 6–8 s after its success message; starting an audit
 * waited for every audit list before opening the run). Returns the refetch for whoever must wait.
 */
export function refreshInBackground(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const refetch = queryClient.invalidateQueries({ queryKey });
  refetch.catch(() => undefined);
  return refetch;
}
