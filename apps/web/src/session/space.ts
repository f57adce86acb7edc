import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api/client';
import { staleUnlessFromServer, withOfflineCopy } from './offlineCopy';
import { COPY_KEYS, isSignedIn } from './storage';

/** GET /ms-core/api/spaces/current */
export interface TSpace {
  _id: string;
  identifier: string;
  name: string;
  description: string | null;
  logo: string | null;
  typeStructure: string;
  parent: string | null;
  modules: string[];
  theme: Record<string, string> | null;
  secureSpacePath: string;
  isRoot: boolean;
  createdAt: string;
  /** The IANA zone its days are counted in (own or inherited); absent in a copy saved by an older release. */
  timeZone?: string;
}

export const CURRENT_SPACE_QUERY_KEY = ['spaces', 'current'] as const;

/** Kept on the device like users/me: the header and the home show the space with no network. */
export const fetchCurrentSpace = withOfflineCopy(COPY_KEYS.spaceData, () => request<TSpace>('/ms-core/api/spaces/current'));

export const currentSpaceQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_SPACE_QUERY_KEY,
    queryFn: fetchCurrentSpace,
    enabled: isSignedIn(),
    staleTime: staleUnlessFromServer(COPY_KEYS.spaceData),
  });

export const useCurrentSpace = () => useQuery(currentSpaceQueryOptions());
