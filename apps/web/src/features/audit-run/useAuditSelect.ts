import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAudit, TAuditQuestion } from '@audit/domain/audits';
import { auditRunQueryKey } from './auditRunApi';
import { questionIndex } from './auditCache';

/** The run query's hash, computed once per audit: hundreds of readers would otherwise hash the key on every change. */
const useAuditHash = (auditId: string) => useMemo(() => hashKey(auditRunQueryKey(auditId)), [auditId]);

/** The cached audit, read by its query's hash. */
const cachedAudit = (queryClient: QueryClient, hash: string) => queryClient.getQueryCache().get(hash)?.state.data as TAudit | undefined;

/**
 * Reads a slice of the cached audit without a query observer: hundreds of cards subscribe, none
 * may trigger a fetch, and a card renders again only when its slice changes (by `isEqual`). The
 * page's single useQuery owns loading.
 */
export function useAuditSelect<T>(auditId: string, select: (audit: TAudit) => T, isEqual: (a: T, b: T) => boolean = Object.is): T | undefined {
  const queryClient = useQueryClient();
  const memo = useRef<{ data?: TAudit; value?: T }>({});
  const hash = useAuditHash(auditId);
  const subscribe = useCallback(
    (onChange: () => void) => {
      let last: unknown = cachedAudit(queryClient, hash);
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
    const data = cachedAudit(queryClient, hash);
    const cached = memo.current;
    if (data === cached.data && 'value' in cached) return cached.value;
    const value = data ? select(data) : undefined;
    const stable = cached.value !== undefined && value !== undefined && isEqual(cached.value, value) ? cached.value : value;
    memo.current = { data, value: stable };
    return stable;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * The question object itself: unchanged questions keep their identity across updates. Hundreds of
 * cards read one each, so they share one subscription per audit (below): a change of the audit tells
 * only the cards whose question changed, where a subscription per card ran every card's selector on
 * every tap.
 */
export function useQuestion(auditId: string, questionId: string): TAuditQuestion | undefined {
  const queryClient = useQueryClient();
  const hash = useAuditHash(auditId);
  const subscribe = useCallback((onChange: () => void) => subscribeQuestion(queryClient, hash, questionId, onChange), [queryClient, hash, questionId]);
  const getSnapshot = () => {
    const data = cachedAudit(queryClient, hash);
    return data && questionIndex(data).get(questionId)?.question;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

interface TQuestionHub {
  listeners: Map<string, Set<() => void>>;
  stop: () => void;
}
const hubs = new WeakMap<QueryClient, Map<string, TQuestionHub>>();

function subscribeQuestion(queryClient: QueryClient, hash: string, questionId: string, onChange: () => void) {
  let byHash = hubs.get(queryClient);
  if (!byHash) hubs.set(queryClient, (byHash = new Map()));
  let hub = byHash.get(hash);
  if (!hub) {
    const listeners = new Map<string, Set<() => void>>();
    let last = cachedAudit(queryClient, hash);
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== hash) return;
      // A removed query keeps its data: the cards must still learn that the audit is gone.
      const data = event.type === 'removed' ? undefined : (event.query.state.data as TAudit | undefined);
      if (data === last) return;
      const before = last;
      last = data;
      for (const id of changedQuestions(before, data, listeners)) listeners.get(id)?.forEach((listener) => listener());
    });
    hub = { listeners, stop };
    byHash.set(hash, hub);
  }
  const own = hub.listeners.get(questionId) ?? new Set();
  hub.listeners.set(questionId, own.add(onChange));
  const current = hub;
  return () => {
    own.delete(onChange);
    if (!own.size) current.listeners.delete(questionId);
    if (current.listeners.size) return;
    current.stop();
    if (byHash.get(hash) === current) byHash.delete(hash);
  };
}

/**
 * The questions whose object differs between two versions of the audit. Updates are immutable along
 * the path (auditCache.ts), so a section that kept its object kept its questions: only the sections
 * that changed are looked into. Another number of sections, or no audit on either side: all of them.
 */
export function changedQuestions(before: TAudit | undefined, after: TAudit | undefined, listeners: Map<string, unknown>): Iterable<string> {
  if (!before || !after || before.sections.length !== after.sections.length) return [...listeners.keys()];
  const ids = new Set<string>();
  before.sections.forEach((section, i) => {
    const next = after.sections[i]!;
    if (next === section) return;
    for (const q of section.questions) ids.add(q._id);
    for (const q of next.questions) ids.add(q._id);
  });
  if (!ids.size) return ids;
  const [was, is] = [questionIndex(before), questionIndex(after)];
  return [...ids].filter((id) => was.get(id)?.question !== is.get(id)?.question);
}

/** One level of comparison, arrays element by element: enough for the small view models selected here. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => Object.is(v, b[i]) || shallowArrayEqual(v, b[i]));
  const ka = Object.keys(a) as (keyof T)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]) || shallowArrayEqual(a[k], b[k]));
}

const shallowArrayEqual = (a: unknown, b: unknown) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
