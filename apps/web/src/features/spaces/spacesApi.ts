import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { request } from '../../api/client';
import { send } from '../../api/send';
import type { TSession } from '../../session/storage';

export const SPACES_QUERY_KEY = ['spaces'] as const;

/** spaceCalls.mySpaces (?search=): member spaces and the spaces below them (max 50). */
export const fetchMySpaces = (search: string) => send(spaceCalls.mySpaces, { query: { search: search.trim() || undefined } });

export const mySpacesQueryOptions = (search: string) =>
  queryOptions({ queryKey: [...SPACES_QUERY_KEY, 'mine', search.trim()], queryFn: () => fetchMySpaces(search) });

export const useMySpaces = (search: string, enabled: boolean) => useQuery({ ...mySpacesQueryOptions(search), enabled });

/** POST /ms-core/api/spaces/{id}/access: a session in the chosen space. */
export const requestSpaceAccess = (spaceId: string) => request<TSession>(`/ms-core/api/spaces/${spaceId}/access`, { method: 'POST' });

export const useSpaceAccess = () => useMutation({ mutationFn: requestSpaceAccess });
