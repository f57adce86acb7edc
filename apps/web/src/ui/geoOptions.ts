import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { geographyCalls } from '@audit/domain/calls/geography';
import type { TSearchRequest } from '../api/client';
import { send, sendPage } from '../api/send';

/**
 * The country → province → municipality options (product document section 5: each select waits for
 * its parent), server paged, 50 a page: shared by the client form and the employee form.
 */
export interface TGeoOption {
  _id: string;
  name: string;
}

export type TGeoLevel = 'countries' | 'states' | 'cities';

/** A page of a level's options (names only); `parentId` is the country (states) or the province (cities). */
async function searchGeo(level: TGeoLevel, parentId: string | undefined, search: TSearchRequest, signal?: AbortSignal) {
  const page =
    level === 'countries'
      ? await sendPage(geographyCalls.searchCountries, search, { signal })
      : level === 'states'
        ? await sendPage(geographyCalls.searchStates, search, { params: { countryId: parentId ?? '' }, signal })
        : await sendPage(geographyCalls.searchCities, search, { params: { stateId: parentId ?? '' }, signal });
  return { items: page.items.map(toOption), total: page.total };
}
const toOption = (item: { _id?: string; name?: string }): TGeoOption => ({ _id: item._id ?? '', name: item.name ?? '' });

/** One item of a level by id. */
async function getGeo(level: TGeoLevel, id: string): Promise<TGeoOption> {
  const call = level === 'countries' ? geographyCalls.country : level === 'states' ? geographyCalls.state : geographyCalls.city;
  return toOption(await send(call, { params: { id } }));
}

/** One page of 50 per scroll; `parentId` is the country (states) or the province (cities). */
export const useGeoOptions = (level: TGeoLevel, parentId: string | undefined, search: string) =>
  useInfiniteQuery({
    queryKey: ['geography', level, parentId ?? null, search],
    queryFn: ({ pageParam, signal }) => searchGeo(level, parentId, { page: pageParam, size: 50, search, sort: 'name', projections: ['_id', 'name'] }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? pages.length : undefined),
    enabled: level === 'countries' || Boolean(parentId),
    staleTime: 10 * 60_000,
  });

/** The stored value's name (GET by id) when it is not among the loaded options. */
export const useGeoItem = (level: TGeoLevel, id: string | null | undefined) =>
  useQuery({
    queryKey: ['geography', level, 'item', id],
    queryFn: () => getGeo(level, id ?? ''),
    enabled: Boolean(id),
    staleTime: 10 * 60_000,
  });
