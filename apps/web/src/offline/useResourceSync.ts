import { useEffect, useRef } from 'react';
import { shownFromDevice } from './loadResource';
import { queuedByOthers, queuedFor, queuedTotal, queueStateReady, subscribeQueueState } from './queueState';
import { isSyncing, onOtherTabSynced, onSynced, scheduleSync, syncNow } from './syncController';

/** A write queued while the browser says it is online (server unreachable, queue not empty) is retried this soon. */
const RETRY_SOON_MS = 1000;

/**
 * A resource's page and the offline queue: replays it when the network returns, when the page
 * opens online with changes waiting, and soon after a write was queued while online; calls
 * `reload` after a replay that changed the resource (this tab's or another's) or while it shows
 * from the device; asks before the page is left while offline or with changes waiting.
 */
export function useResourceSync(resource: string, reload: () => Promise<unknown>) {
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });
  useEffect(() => {
    const again = () => reloadRef.current();
    const stopSynced = onSynced(async ({ touched }) => {
      if (touched.includes(resource) || shownFromDevice(resource)) await again();
    });
    const stopOtherTab = onOtherTabSynced((touched) => void (touched.includes(resource) && again()));

    const backOnline = () =>
      void syncNow(true).then(() => {
        if (shownFromDevice(resource) && !queuedFor(resource).count) void again();
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

    // Product document: a refresh is refused offline. The queue and the copy are in IndexedDB, so a
    // user who leaves anyway loses nothing; the question only avoids a blank page offline.
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
  }, [resource]);
}
