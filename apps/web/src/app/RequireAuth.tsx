import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { homePathFor, useMe, type TMe } from '../session/me';
import { isNetworkError } from '../session/offlineCopy';
import { isSignedIn } from '../session/storage';
import { useRefetchWhenBackOnline } from '../session/useRefetchWhenBackOnline';
import { ErrorState, PageSkeleton } from '../ui/PageStates';
import { ShellSkeleton } from '../ui/ShellSkeleton';
import { loginPathFor } from './loginPath';
import { OnboardingGate } from './OnboardingGate';

/**
 * Anonymous users land on /login; signed-in ones wait for users/me (the shell's outline meanwhile),
 * then get the page. With no network users/me answers from the device copy of this session
 * (session/offlineCopy.ts); the error state remains for a first start offline (no copy) and for the
 * server's own errors.
 */
export function RequireAuth({ children }: { children: (me: TMe) => ReactNode }) {
  const location = useLocation();
  const me = useMe();
  useRefetchWhenBackOnline();
  if (!isSignedIn()) {
    return <Navigate to={loginPathFor(location)} replace />;
  }
  // The shell's outline, not a blank page, while the profile loads (issue 23).
  if (me.isPending) return <ShellSkeleton />;
  // A refetch that failed for want of network keeps the user already shown rather than dropping the shell.
  const user = me.data;
  if (!user || (me.isError && !isNetworkError(me.error))) {
    return (
      <div style={{ padding: 24 }}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (user.onboardingRequired) return <OnboardingGate me={user} />;
  return <>{children(user)}</>;
}

/** Unknown routes: /home/auditor for auditors, /home/client for everyone else. */
export function HomeRedirect() {
  const me = useMe();
  if (!isSignedIn()) return <Navigate to="/login" replace />;
  if (me.isPending) return <PageSkeleton rows={8} />;
  // The home's screen loads on demand: until it comes the page shows its outline, not a blank
  // (after a sign-in the administrator's home was empty for seconds under the shell).
  return (
    <>
      <Navigate to={homePathFor(me.data)} replace />
      <PageSkeleton rows={8} />
    </>
  );
}
