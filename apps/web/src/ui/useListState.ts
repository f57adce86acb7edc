import { useCallback, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';

interface TListQuery<T> {
  data?: { items: T[]; total: number };
  isFetching: boolean;
  fetchStatus?: string;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The state every server-paged list keeps (page, size, search, sort, filters) and the ListPage
 * props that drive it: a new search, a new page size or new filters go back to the first page;
 * clearing the sort returns to the list's default. `onReset` runs when search or filters change
 * (e.g. to drop a selection of rows that may no longer be shown).
 */
export function useListState<F extends object = Record<string, never>>(initial: { sort?: string; size?: number; filters?: F } = {}, onReset?: () => void) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(initial.size ?? DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string | undefined>(initial.sort);
  const [filters, setFilters] = useState<F>(initial.filters ?? ({} as F));
  const reset = useRef(onReset);
  reset.current = onReset;
  const defaultSort = initial.sort;

  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
    reset.current?.();
  }, []);
  const applyFilters = useCallback((next: F) => {
    setFilters(next);
    setPage(0);
    reset.current?.();
  }, []);

  return {
    query: { page, size, search, sort, filters },
    filters,
    applyFilters,
    /** Spread into ListPage. */
    paging: {
      page,
      pageSize: size,
      onPageChange: (nextPage: number, nextSize: number) => {
        setPage(nextSize === size ? nextPage : 0);
        setSize(nextSize);
      },
      onSortChange: (next: string | undefined) => setSort(next ?? defaultSort),
      search,
      onSearch,
    },
  };
}

/** The ListPage props that come from the list's query (its rows typed by the query's own items). */
export function listQueryProps<T>(list: TListQuery<T>) {
  return {
    rows: list.data?.items,
    total: list.data?.total ?? 0,
    loading: list.isFetching,
    // Offline with nothing loaded yet: the query waits for the network (react-query pauses it).
    waitingForNetwork: list.fetchStatus === 'paused' && !list.data,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
}
