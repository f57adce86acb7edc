import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TUser } from '@audit/domain/users';
import { searchPage } from '../../api/client';

/** The users who see a client, establishment or area (POST users/search, filter `space`), a page of 20. */
export const useClientUsers = (spaceId: string, page: number) =>
  useQuery({
    queryKey: ['users', 'of-space', spaceId, page],
    queryFn: () =>
      searchPage<TUser>('/ms-core/api/users/search', {
        page,
        size: 20,
        sort: 'name',
        filters: [{ field: 'space', operator: 'eq', value: spaceId }],
      }),
    placeholderData: keepPreviousData,
  });
