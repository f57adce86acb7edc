import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { authCalls } from '@audit/domain/calls/auth';
import { send } from '../../api/send';

export const SPACES_QUERY_KEY = ['spaces'] as const;

/** spaceCalls.mySpaces (?search=): member spaces and the spaces below them (max 50). */
export const fetchMySpaces = (search: string) => send(spaceCalls.mySpaces, { query: { search: search.trim() || undefined } });

export const mySpacesQueryOptions = (search: string) =>
  queryOptions({ queryKey: [...SPACES_QUERY_KEY, 'mine', search.trim()], queryFn: () => fetchMySpaces(search) });

export const useMySpaces = (search: string, enabled: boolean) => useQuery({ ...mySpacesQueryOptions(search), enabled });

/** authCalls.spaceAccess: a session in the chosen space. */
export const requestSpaceAccess = (spaceId: string) => send(authCalls.spaceAccess, { params: { id: spaceId } });

export const useSpaceAccess = () => useMutation({ mutationFn: requestSpaceAccess });
