import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { geographyCalls } from '@audit/domain/calls/geography';
import type { TCallBody } from '@audit/domain/calls/define';
import { nomenclatureCalls, type TCatalogueCalls, type TNomenclatureKey } from '@audit/domain/calls/nomenclatures';
import { type TSearchRequest } from '../../api/client';
import { send, sendPage } from '../../api/send';

/** Options of the client form's selects: geography (server paged, 50 a page) and nomenclatures. */
export interface TOption {
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
const toOption = (item: { _id?: string; name?: string }): TOption => ({ _id: item._id ?? '', name: item.name ?? '' });

/** One item of a level by id. */
async function getGeo(level: TGeoLevel, id: string): Promise<TOption> {
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

/** The nomenclatures a client's form picks from (keys of packages/domain/src/calls/nomenclatures.ts). */
export type TNomenclature = Extract<TNomenclatureKey, 'areaTypes' | 'paymentTypes' | 'activities' | 'companies' | 'socialReasons'>;

/** A selector's options: names only, size 1000 (document 001, section 9). */
export const useNomenclatureOptions = (kind: TNomenclature) =>
  useQuery({
    queryKey: ['nomenclatures', kind, 'options'],
    queryFn: () => sendPage(nomenclatureCalls[kind].search, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] }),
    staleTime: 60_000,
  });

/** nomenclatures.<kind>.create: a new entry of a nomenclature, from a selector (the establishment's social reason). */
// Typed as any catalogue's create (one call per kind cannot be picked by a generic key); the answer is
// still parsed by the kind's own response schema.
export const createNomenclature = <K extends TNomenclature>(kind: K, body: TCallBody<(typeof nomenclatureCalls)[K]['create']>) =>
  send(nomenclatureCalls[kind].create as TCatalogueCalls['create'], { body });
