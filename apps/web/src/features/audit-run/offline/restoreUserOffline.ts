import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../session/me';
import { readLocalCopy } from './auditStore';
import { currentUserId } from './currentUser';

/**
 * The run route opened with no network (a tab closed and opened again in the basement): users/me
 * cannot load and the shell waits for it. The user saved with this audit's local copy stands in,
 * only when it is the signed-in user (the token's subject); when the network returns, users/me
 * loads again as usual. Belongs to the session layer once that keeps the user offline itself.
 */
export async function restoreUserOffline(queryClient: QueryClient, auditId: string) {
  const user = currentUserId();
  if (!user) return;
  const copy = await readLocalCopy(auditId, user).catch(() => null);
  if (copy?.me && copy.me._id === user && !queryClient.getQueryData(ME_QUERY_KEY)) queryClient.setQueryData(ME_QUERY_KEY, copy.me);
}
