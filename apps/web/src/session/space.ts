import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSpace as TApiSpace } from '@audit/domain/spaces';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { send } from '../api/send';
import { copyFirst, staleUnlessFromServer, withOfflineCopy } from './offlineCopy';
import { COPY_KEYS, isSignedIn } from './storage';

/**
 * spaceCalls.current, as the server answers it (packages/domain/src/spaces.ts); the
 * time zone may be absent in a device copy saved by an older release.
 */
export type TSpace = Omit<TApiSpace, 'timeZone'> & { timeZone?: string };

export const CURRENT_SPACE_QUERY_KEY = ['spaces', 'current'] as const;

/** Kept on the device like users/me: the header and the home show the space with no network. */
export const fetchCurrentSpace = withOfflineCopy(COPY_KEYS.spaceData, (): Promise<TSpace> => send(spaceCalls.current));

export const currentSpaceQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_SPACE_QUERY_KEY,
    queryFn: fetchCurrentSpace,
    enabled: isSignedIn(),
    staleTime: staleUnlessFromServer(COPY_KEYS.spaceData),
    ...copyFirst<TSpace>(COPY_KEYS.spaceData),
  });

export const useCurrentSpace = () => useQuery(currentSpaceQueryOptions());
