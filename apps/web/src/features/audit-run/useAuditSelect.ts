import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditRunQueryKey } from './auditRunApi';
import { questionIndex } from './auditCache';

/**
 * Reads a slice of the cached audit without a query observer: hundreds of cards subscribe, none
 * may trigger a fetch, and a card renders again only when its slice changes (by `isEqual`). The
 * page's single useQuery owns loading.
 */
export function useAuditSelect<T>(auditId: string, select: (audit: TAudit) => T, isEqual: (a: T, b: T) => boolean = Object.is): T | undefined {
  const queryClient = useQueryClient();
  const memo = useRef<{ data?: TAudit; value?: T }>({});
  // Read by hash: hundreds of readers would otherwise hash the key on every change.
  const hash = useMemo(() => hashKey(auditRunQueryKey(auditId)), [auditId]);
  const read = () => queryClient.getQueryCache().get(hash)?.state.data as TAudit | undefined;
  const subscribe = useCallback(
    (onChange: () => void) => {
      let last = queryClient.getQueryCache().get(hash)?.state.data;
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash !== hash) return;
        const data = event.query.state.data;
        if (data !== last) {
          last = data;
          onChange();
        }
      });
    },
    [queryClient, hash],
  );
  const getSnapshot = () => {
    const data = read();
    const cached = memo.current;
    if (data === cached.data && 'value' in cached) return cached.value;
    const value = data ? select(data) : undefined;
    const stable = cached.value !== undefined && value !== undefined && isEqual(cached.value, value) ? cached.value : value;
    memo.current = { data, value: stable };
    return stable;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The question object itself: unchanged questions keep their identity across updates. */
export const useQuestion = (auditId: string, questionId: string) => useAuditSelect(auditId, (a) => questionIndex(a).get(questionId)?.question);

/** One level of comparison, arrays element by element: enough for the small view models selected here. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => Object.is(v, b[i]) || shallowArrayEqual(v, b[i]));
  const ka = Object.keys(a) as (keyof T)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]) || shallowArrayEqual(a[k], b[k]));
}

const shallowArrayEqual = (a: unknown, b: unknown) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
