import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { auditRunQueryKey } from '../auditRunApi';
import { shownFromLocalCopy } from './loadRunAudit';
import { queuedByOthers, queuedFor, queuedTotal, queueStateReady, subscribeQueueState } from './queueState';
import { isSyncing, onOtherTabSynced, onSynced, scheduleSync, syncNow } from './syncController';

/** A write queued while the browser says it is online (server unreachable, queue not empty) is retried this soon. */
const RETRY_SOON_MS = 1000;

/**
 * The run page's side of the offline queue: replays it when the network returns, when the page
 * opens online with changes waiting, and soon after a write was queued while online; reloads the
 * audit after a replay that changed it (this tab's or another's); asks before the page is left
 * while offline or with changes waiting. Returns a number that changes with every reload, for the
 * page to mount the run again (its actions track server ids that a reload makes stale).
 */
export function useOfflineSync(auditId: string): number {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const reload = async () => {
      await queryClient.invalidateQueries({ queryKey: auditRunQueryKey(auditId), exact: true });
      setGeneration((n) => n + 1);
    };
    const stopSynced = onSynced(async ({ touched }) => {
      if (touched.includes(auditId) || shownFromLocalCopy(auditId)) await reload();
    });
    const stopOtherTab = onOtherTabSynced((touched) => void (touched.includes(auditId) && reload()));

    const backOnline = () =>
      void syncNow(true).then(() => {
        if (shownFromLocalCopy(auditId) && !queuedFor(auditId).count) void reload();
      });
    window.addEventListener('online', backOnline);
    // Opened online with records waiting (this user's to send, or another user's to discard).
    void queueStateReady().then(() => {
      if (navigator.onLine && queuedTotal() + queuedByOthers() > 0) void syncNow(true);
    });

    let queued = queuedTotal();
    const stopQueue = subscribeQueueState(() => {
      const now = queuedTotal();
      if (now > queued && navigator.onLine && !isSyncing()) scheduleSync(RETRY_SOON_MS);
      queued = now;
    });

    // Product document: a refresh is refused offline. The queue and the local copy are in IndexedDB,
    // so an auditor who leaves anyway loses nothing; the question only avoids a blank page offline.
    const askBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (navigator.onLine && queuedTotal() === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askBeforeLeaving);
    return () => {
      stopSynced();
      stopOtherTab();
      stopQueue();
      window.removeEventListener('online', backOnline);
      window.removeEventListener('beforeunload', askBeforeLeaving);
    };
  }, [auditId, queryClient]);
  return generation;
}
