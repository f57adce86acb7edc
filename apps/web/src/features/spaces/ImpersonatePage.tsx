import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { fetchMe, homePathFor, ME_QUERY_KEY } from '../../session/me';
import { isSignedIn } from '../../session/storage';
import { FullPageSpinner } from '../../ui/PageStates';

/** Reached after a space switch: forget every cached answer of the old space, then go home. */
export function ImpersonatePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let alive = true;
    if (!isSignedIn()) {
      navigate('/login', { replace: true });
      return;
    }
    queryClient.clear();
    queryClient
      .fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe })
      .then((me) => alive && navigate(homePathFor(me), { replace: true }))
      .catch(() => alive && navigate('/login', { replace: true }));
    return () => {
      alive = false;
    };
  }, [navigate, queryClient]);
  return <FullPageSpinner />;
}
