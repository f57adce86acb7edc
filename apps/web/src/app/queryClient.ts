import { MutationCache, QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '@audit/domain/constants';
import { configureClient } from '../api/client';
import { currentLanguage } from '../i18n';
import { ME_QUERY_KEY } from '../session/me';
import { clearSession, isSignedIn } from '../session/storage';
import { notifyError } from '../ui/feedback';

declare module '@tanstack/react-query' {
  interface Register {
    /** A mutation with meta.silent shows its error itself (e.g. the sign-in form). */
    mutationMeta: { silent?: boolean };
  }
}

/** Query cache rules of the calls document: staleTime 60000, no refetch on focus, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silent) notifyError(error);
    },
  }),
});

let expiring = false;

/**
 * A 401 the refresh could not cure: log out, invalidate the user, reload on the sign-in screen. A 401
 * after the session was ended on purpose (a password change signs out, and a query still mounted may
 * ask once more on its way out) is no expiry: the page that ended it has already gone where it meant to.
 */
function sessionExpired() {
  if (expiring || !isSignedIn()) return;
  expiring = true;
  clearSession();
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  const here = window.location.pathname + window.location.search;
  const redirect = here.startsWith('/login') ? '' : `?redirect=${encodeURIComponent(here)}`;
  window.location.assign(`/login${redirect}`);
}

configureClient({ language: currentLanguage, sessionExpired });
