import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearSession, getStoredSpace, storeSession, type TSpaceSummary } from '../../session/storage';
import { FullPageSpinner } from '../../ui/PageStates';

interface TChangeSpaceState {
  space?: TSpaceSummary;
  token?: string;
  refreshToken?: string;
  redirect?: string;
}

/**
 * /change-space (product document, section 2): reads an optional space and token from the
 * navigation state, clears the stored tokens, stores the new ones, then goes to the given
 * redirect. Without a redirect it goes through /impersonate (which clears the cache and lands
 * home) rather than back to /change-space, which would loop. Without state it changes nothing.
 */
export function ChangeSpacePage() {
  const { state } = useLocation() as { state: TChangeSpaceState | null };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (state?.token) {
      const refreshToken = state.refreshToken ?? '';
      const space = state.space ?? getStoredSpace();
      clearSession();
      if (space) storeSession({ accessToken: state.token, refreshToken, space });
      queryClient.clear();
    }
    const target = state?.redirect?.startsWith('/') && !state.redirect.startsWith('/change-space') ? state.redirect : '/impersonate';
    navigate(target, { replace: true });
  }, [state, navigate, queryClient]);
  return <FullPageSpinner />;
}
