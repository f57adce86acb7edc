import { useEffect } from 'react';
import { replaceEqualDeep, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { takeLaterAnswer, type TLaterAnswer } from '../../offline/loadResource';
import { whenWritesSettled, writesStarted } from '../../offline/writesInFlight';
import { auditRunQueryKey } from './auditRunApi';
import { auditResource } from './offline/auditResource';

/** What the page does when the server's answer follows the copy it showed (below). */
export interface TAfterCopyActions {
  /** Loads the audit again from the server (the page's reload after a sync). */
  reload: () => Promise<unknown>;
  /** Starts the run's actions again on new data (they track server ids). */
  restart: () => void;
}

/**
 * The server's answer after the page showed this device's copy first (decision 0109):
 * - nothing changed: nothing to do;
 * - changed elsewhere, and this page has started no write since the copy was shown: the server's
 *   audit replaces the copy, unchanged parts kept as they were (their cards do not render again),
 *   and the run's actions start again on it;
 * - a write started meanwhile (the server read the audit before it), or the server refused (the
 *   audit gone, the right to it withdrawn): once this tab's writes of the audit are answered, it is
 *   loaded again from the server, which shows its truth or its error;
 * - the server unreachable: the copy stands, shown from the device (the page says so).
 */
export async function serverAfterCopy(queryClient: QueryClient, auditId: string, answer: TLaterAnswer<TAudit>, page: TAfterCopyActions) {
  if (answer.kind === 'unreachable') return;
  const resource = auditResource(auditId);
  if (answer.kind === 'answer' && writesStarted(resource) === answer.writesAtShow) {
    const key = auditRunQueryKey(auditId);
    const shown = queryClient.getQueryData<TAudit>(key);
    const server = replaceEqualDeep(shown, answer.data);
    if (server === shown) return;
    queryClient.setQueryData(key, server);
    page.restart();
    return;
  }
  await whenWritesSettled(resource);
  await page.reload();
}

/** The page's side of serverAfterCopy, once it has the audit (`loaded`). */
export function useServerAfterCopy(auditId: string, loaded: boolean, page: TAfterCopyActions) {
  const queryClient = useQueryClient();
  const { reload, restart } = page;
  useEffect(() => {
    if (!loaded) return;
    // Not cancelled when the page goes: what it does concerns the audit's data, not the page.
    void takeLaterAnswer<TAudit>(auditResource(auditId))?.then((answer) => serverAfterCopy(queryClient, auditId, answer, { reload, restart }));
  }, [auditId, loaded, queryClient, reload, restart]);
}
