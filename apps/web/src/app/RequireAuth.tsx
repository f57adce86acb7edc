import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { homePathFor, useMe, type TMe } from '../session/me';
import { isSignedIn } from '../session/storage';
import { ErrorState, FullPageSpinner } from '../ui/PageStates';

/** Anonymous users land on /login; signed-in ones wait for users/me, then get the page. */
export function RequireAuth({ children }: { children: (me: TMe) => ReactNode }) {
  const location = useLocation();
  const me = useMe();
  if (!isSignedIn()) {
    const here = location.pathname + location.search;
    const redirect = location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(here)}`;
    return <Navigate to={`/login${redirect}`} replace />;
  }
  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    return (
      <div style={{ padding: 24 }}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  return <>{children(me.data)}</>;
}

/** Unknown routes: /home/auditor for auditors, /home/client for everyone else. */
export function HomeRedirect() {
  const me = useMe();
  if (!isSignedIn()) return <Navigate to="/login" replace />;
  if (me.isPending) return <FullPageSpinner />;
  return <Navigate to={homePathFor(me.data)} replace />;
}
