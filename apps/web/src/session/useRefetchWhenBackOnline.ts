import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ME_QUERY_KEY } from './me';
import { answeredByServer } from './offlineCopy';
import { CURRENT_SPACE_QUERY_KEY } from './space';
import { COPY_KEYS } from './storage';

const SHOWN_FROM_COPY: [string, QueryKey][] = [
  [COPY_KEYS.profile, ME_QUERY_KEY],
  [COPY_KEYS.spaceData, CURRENT_SPACE_QUERY_KEY],
];

/**
 * When the network returns, the real users/me and spaces/current replace the device copies. React
 * Query's own reconnect refetch is not enough: a page that started offline never saw an "offline"
 * event, so for React Query it never went offline and "online" changes nothing.
 */
export function useRefetchWhenBackOnline() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const backOnline = () => {
      for (const [copyKey, queryKey] of SHOWN_FROM_COPY) {
        // cancelRefetch false: joins React Query's own reconnect refetch instead of restarting it.
        if (!answeredByServer(copyKey)) void queryClient.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
      }
    };
    window.addEventListener('online', backOnline);
    return () => window.removeEventListener('online', backOnline);
  }, [queryClient]);
}
