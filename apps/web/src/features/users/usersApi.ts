import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSearchFilter } from '@audit/domain/search';
import { userCalls } from '@audit/domain/calls/users';
import { send } from '../../api/send';
import { searchWholeUsers } from '../../api/users';
import { refreshInBackground } from '../../api/refreshInBackground';
import type { TUserInput } from '@audit/domain/users';
import type { TUser } from '../../session/me';
import { notifySuccess } from '../../ui/feedback';

export type { TUser };

export type TListStatus = 'active' | 'lock' | 'unverified' | 'deleted';
export interface TUserFilters {
  status?: TListStatus[];
  roles?: string[];
  /** ISO start and end (inclusive) of the registration date range. */
  createdAt?: [string, string];
}

export interface TUserListParams {
  page: number;
  size: number;
  search: string;
  sort?: string;
  filters: TUserFilters;
}

export const USERS_QUERY_KEY = ['users'] as const;

/** The whitelisted filters of POST /users/search. */
export function toSearchFilters(filters: TUserFilters): TSearchFilter[] {
  const out: TSearchFilter[] = [];
  if (filters.status?.length) out.push({ field: 'status', operator: '$in', value: filters.status });
  if (filters.roles?.length) out.push({ field: 'roles', operator: '$in', value: filters.roles });
  if (filters.createdAt) out.push({ field: 'createdAt', operator: 'between', value: filters.createdAt });
  return out;
}

export const searchUsers = (params: TUserListParams) =>
  searchWholeUsers({
    page: params.page,
    size: params.size,
    search: params.search,
    sort: params.sort ?? '-createdAt',
    filters: toSearchFilters(params.filters),
  });

export const usersListQueryOptions = (params: TUserListParams) =>
  queryOptions({ queryKey: [...USERS_QUERY_KEY, 'list', params], queryFn: () => searchUsers(params), placeholderData: keepPreviousData });

export const useUsersList = (params: TUserListParams) => useQuery(usersListQueryOptions(params));

/** Directory view: 25 per page, the next page when scrolled to the end. */
export const useUsersDirectory = (params: Omit<TUserListParams, 'page' | 'size'>, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...USERS_QUERY_KEY, 'directory', params],
    queryFn: ({ pageParam }) => searchUsers({ ...params, page: pageParam, size: 25 }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? pages.length : undefined),
    enabled,
  });

export const fetchUser = (id: string) => send(userCalls.get, { params: { id } });
export const userQueryOptions = (id: string) => queryOptions({ queryKey: [...USERS_QUERY_KEY, 'detail', id], queryFn: () => fetchUser(id) });
export const useUser = (id: string) => useQuery(userQueryOptions(id));

/** The create / update body, as the server's schema takes it (packages/domain/src/users.ts). */
export type { TUserInput } from '@audit/domain/users';

export const createUser = (body: TUserInput) => send(userCalls.create, { body });
export const updateUser = (id: string, body: TUserInput) => send(userCalls.update, { params: { id }, body });
export const changeUsersStatus = (users: string[], status: 'ACTIVE' | 'LOCK') => send(userCalls.changeStatus, { body: { users, status } });
export const removeUser = (id: string) => send(userCalls.remove, { params: { id } });
export const removeUsers = (users: string[]) => send(userCalls.removeMany, { body: { users } });

function useUsersMutation<V, R>(mutationFn: (v: V) => Promise<R>, success: 'createSuccess' | 'updateSuccess' | 'deleteSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The lists refresh behind: the save's button stops with its success message.
    onSuccess: () => {
      notifySuccess(success);
      void refreshInBackground(queryClient, USERS_QUERY_KEY);
    },
  });
}

export const useCreateUser = () => useUsersMutation(createUser, 'createSuccess');
export const useUpdateUser = (id: string) => useUsersMutation((body: TUserInput) => updateUser(id, body), 'updateSuccess');
export const useChangeStatus = () =>
  useUsersMutation(({ users, status }: { users: string[]; status: 'ACTIVE' | 'LOCK' }) => changeUsersStatus(users, status), 'updateSuccess');
export const useRemoveUser = () => useUsersMutation(removeUser, 'deleteSuccess');
export const useRemoveUsers = () => useUsersMutation(removeUsers, 'deleteSuccess');
