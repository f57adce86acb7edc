import { useEffect } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditRunQueryKey } from '../auditRunApi';
import { localCopy, registerShownAudit, saveLocalAudit } from './auditStore';
import { currentUserId } from '../../../session/sessionOwner';

/** At most one copy a second while answering: each is a structured clone of the whole audit. */
const SAVE_DELAY_MS = 1000;

/**
 * Keeps this device's copy of a runnable audit (the `audits` store) as the screen shows it: saved
 * a second after the page opens it, then after every change (optimistic ones included), at most once
 * a second, and at once when the page is hidden or left. A queued write stores the copy with itself
 * (registerShownAudit), so the last change before a page is killed is never missing from it.
 */
export function useLocalAuditCopy(auditId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const user = currentUserId();
    if (!enabled || !user) return;
    const hash = hashKey(auditRunQueryKey(auditId));
    let latest = queryClient.getQueryData<TAudit>(auditRunQueryKey(auditId));
    let saved: TAudit | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!latest || latest === saved) return;
      saved = latest;
      void saveLocalAudit(user, latest).catch(() => undefined);
    };
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== hash) return;
      const data = event.query.state.data as TAudit | undefined;
      if (!data || data === latest) return;
      latest = data;
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    });
    // The first copy too waits its turn: opening a large audit must not pay for a clone at once.
    timer = setTimeout(save, SAVE_DELAY_MS);
    const unregister = registerShownAudit(auditId, () => {
      const shown = queryClient.getQueryData<TAudit>(auditRunQueryKey(auditId));
      return shown ? localCopy(user, shown) : null;
    });
    const whenHidden = () => document.visibilityState === 'hidden' && save();
    document.addEventListener('visibilitychange', whenHidden);
    window.addEventListener('pagehide', save);
    return () => {
      stop();
      unregister();
      save();
      document.removeEventListener('visibilitychange', whenHidden);
      window.removeEventListener('pagehide', save);
    };
  }, [auditId, enabled, queryClient]);
}
