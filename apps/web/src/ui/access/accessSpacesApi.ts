import { useQuery } from '@tanstack/react-query';
import { searchPage } from '../../api/client';

/** A space of the scope as the user form's access fields list it (POST structures/search-for-users). */
export interface TAccessSpace {
  _id: string;
  name: string;
  type: 'STRUCTURE' | 'ESTABLISHMENT' | 'AREA';
  parent: string | null;
  secureSpacePath: string;
}

/** Every space of the caller's scope, once (size 1000, the selectors' size): the form narrows them by level. */
export const useAccessSpaces = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'access-spaces'],
    queryFn: () =>
      searchPage<TAccessSpace>('/ms-core/api/structures/search-for-users', {
        page: 0,
        size: 1000,
        sort: 'name',
      }),
    enabled,
  });

/** The services a worker may be limited to (size 1000). */
export const useServiceOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'services-options'],
    queryFn: () =>
      searchPage<{ _id: string; name: string }>('/ms-core/api/services/search', { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] }),
    enabled,
  });

/** Spaces of `type` below one of `parents` (all of that type when none is chosen). */
export function spacesBelow(spaces: TAccessSpace[], type: TAccessSpace['type'], parents: TAccessSpace[]) {
  return spaces.filter(
    (s) => s.type === type && s.parent !== null && (!parents.length || parents.some((p) => s.secureSpacePath.startsWith(p.secureSpacePath))),
  );
}
