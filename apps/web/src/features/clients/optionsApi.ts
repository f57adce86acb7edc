import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TCallBody } from '@audit/domain/calls/define';
import { nomenclatureCalls, type TCatalogueCalls, type TNomenclatureKey } from '@audit/domain/calls/nomenclatures';
import { request, searchPage } from '../../api/client';
import { send, sendPage } from '../../api/send';

/** Options of the client form's selects: geography (server paged, 50 a page) and nomenclatures. */
export interface TOption {
  _id: string;
  name: string;
}

const GEO = '/ms-core/api';
export type TGeoLevel = 'countries' | 'states' | 'cities';

const geoPath = (level: TGeoLevel, parentId?: string) => (level === 'countries' ? `${GEO}/countries/search` : `${GEO}/${level}/${parentId}/search`);

/** One page of 50 per scroll; `parentId` is the country (states) or the province (cities). */
export const useGeoOptions = (level: TGeoLevel, parentId: string | undefined, search: string) =>
  useInfiniteQuery({
    queryKey: ['geography', level, parentId ?? null, search],
    queryFn: ({ pageParam, signal }) =>
      searchPage<TOption>(geoPath(level, parentId), { page: pageParam, size: 50, search, sort: 'name', projections: ['_id', 'name'] }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? pages.length : undefined),
    enabled: level === 'countries' || Boolean(parentId),
    staleTime: 10 * 60_000,
  });

/** The stored value's name (GET by id) when it is not among the loaded options. */
export const useGeoItem = (level: TGeoLevel, id: string | null | undefined) =>
  useQuery({
    queryKey: ['geography', level, 'item', id],
    queryFn: () => request<TOption>(`${GEO}/${level}/${id}`),
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
