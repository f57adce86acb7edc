import { useEffect, useState } from 'react';
import { currentUserId } from '../../../session/sessionOwner';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { parseStoredFilter, type TBarFilter } from './statisticsFilter';

/** The calls document's filter reload debounce (section 9: "filters reload debounce 350 ms"). */
export const FILTER_RELOAD_MS = 350;

/** The browser's key of a screen's filter: one per user and screen ("list filters per area", calls document section 6). */
export const filterStorageKey = (screen: string, user = currentUserId() ?? 'anonymous') => `statistics.filter:${user}:${screen}`;

function read(key: string): TBarFilter {
  try {
    return parseStoredFilter(localStorage.getItem(key));
  } catch {
    return parseStoredFilter(null);
  }
}

/**
 * A statistics screen's filter, kept in this browser for this user and screen: the bar edits
 * `filter` at once; `applied` follows it 350 ms after the last change, and is what the figures ask.
 */
export function useStoredFilter(screen: string) {
  const key = filterStorageKey(screen);
  const [filter, setFilter] = useState<TBarFilter>(() => read(key));
  const applied = useDebouncedValue(filter, FILTER_RELOAD_MS);
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(applied));
    } catch {
      // Storage full or unavailable: the filter is kept for this visit only.
    }
  }, [key, applied]);
  return { filter, setFilter, applied };
}
