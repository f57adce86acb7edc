import { useQuery } from '@tanstack/react-query';
import { serviceCalls } from '@audit/domain/calls/services';
import { structureCalls } from '@audit/domain/calls/structures';
import { ZStructureSummary, type TStructureSummary } from '@audit/domain/structures';
import { sendPage } from '../../api/send';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { ACCESS_OPTIONS_KEY } from './accessOptionsKey';

/** A space of the scope as the user form's access fields list it (POST structures/search-for-users). */
export type TAccessSpace = TStructureSummary;

/** Every space of the caller's scope, once (size 1000, the selectors' size): the form narrows them by level. */
export const useAccessSpaces = (enabled: boolean) =>
  useQuery({
    queryKey: [...ACCESS_OPTIONS_KEY, 'access-spaces'],
    queryFn: () =>
      wholeRows(
        ZStructureSummary,
        sendPage(structureCalls.searchForUsers, {
          page: 0,
          size: 1000,
          sort: 'name',
        }),
      ),
    enabled,
  });

/** The services a worker may be limited to (size 1000). */
export const useServiceOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...ACCESS_OPTIONS_KEY, 'services-options'],
    queryFn: () => wholeRows(ZNamed, sendPage(serviceCalls.search, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] })),
    enabled,
  });

/** Spaces of `type` below one of `parents` (all of that type when none is chosen). */
export function spacesBelow(spaces: TAccessSpace[], type: TAccessSpace['type'], parents: TAccessSpace[]) {
  return spaces.filter(
    (s) => s.type === type && s.parent !== null && (!parents.length || parents.some((p) => s.secureSpacePath.startsWith(p.secureSpacePath))),
  );
}
