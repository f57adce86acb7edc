import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchWholeUsers } from '../../api/users';

/** The users who see a client, establishment or area (userCalls.search, filter `space`), a page of 20. */
export const useClientUsers = (spaceId: string, page: number) =>
  useQuery({
    queryKey: ['users', 'of-space', spaceId, page],
    queryFn: () =>
      searchWholeUsers({
        page,
        size: 20,
        sort: 'name',
        filters: [{ field: 'space', operator: 'eq', value: spaceId }],
      }),
    placeholderData: keepPreviousData,
  });
