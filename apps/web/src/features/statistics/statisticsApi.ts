import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCall, TCallResponse } from '@audit/domain/calls/define';
import { categoryCalls } from '@audit/domain/calls/categories';
import { serviceCalls } from '@audit/domain/calls/services';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { areaCalls, establishmentCalls, structureCalls } from '@audit/domain/calls/structures';
import type { TCategoryTree } from '@audit/domain/categories';
import { statisticsCalls } from '@audit/domain/statistics/calls';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TSearchFilter } from '@audit/domain/search';
import type { TPage, TSearchRequest } from '../../api/client';
import { downloadFile } from '../../api/download';
import { send, sendPage, urlOf } from '../../api/send';
import { wholeRows, ZNamed, type TNamed } from '../../api/wholeRows';
import { getStoredSpace } from '../../session/storage';

/**
 * The statistics calls (decision 0078) as queries of the screens, and the filter bar's options.
 * Every figure of a screen is asked with the same body; a change of filter asks again (the bar
 * debounces it) and keeps the previous figures on screen meanwhile.
 */
export const STATISTICS_QUERY_KEY = ['statistics'] as const;

type TFigureCall = { [K in keyof typeof statisticsCalls]: (typeof statisticsCalls)[K] extends { file: true } ? never : K }[keyof typeof statisticsCalls];
export type TFigure<K extends TFigureCall> = TCallResponse<(typeof statisticsCalls)[K]>;

export function useFigure<K extends TFigureCall>(key: K, body: TStatisticsFilter, enabled = true) {
  const call = statisticsCalls[key] as TCall;
  return useQuery({
    queryKey: [...STATISTICS_QUERY_KEY, key, body],
    queryFn: ({ signal }) => send(call, { body, signal } as never) as Promise<TFigure<K>>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The Excel workbook or the corporate PDF of the filtered figures (832 noDataInRange when nothing matches). */
export const downloadStatistics = (kind: 'excel' | 'categorizationPdf', body: TStatisticsFilter, name: string) =>
  downloadFile(urlOf(statisticsCalls[kind]), name, { body });

// The filter bar's options -------------------------------------------------------------------

const OPTIONS_KEY = [...STATISTICS_QUERY_KEY, 'options'] as const;
const STALE = 60_000;
const named = async (search: (body: TSearchRequest) => Promise<TPage<unknown>>, size: number, filters: TSearchFilter[] = []): Promise<TNamed[]> =>
  (await wholeRows(ZNamed, search({ page: 0, size, sort: 'name', filters, projections: ['_id', 'name'] }))).items;

/** The clients of the caller's scope (the clients lookup every signed-in user may call, size 250). */
export const useClientOptions = () =>
  useQuery({ queryKey: [...OPTIONS_KEY, 'clients'], queryFn: () => named((b) => sendPage(structureCalls.searchForClientUsers, b), 250), staleTime: STALE });

/** The establishments of the chosen clients (all of the scope with none chosen). */
export const useEstablishmentOptions = (clients: string[] | undefined) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'establishments', clients ?? []],
    queryFn: () =>
      named((b) => sendPage(establishmentCalls.searchForClientUsers, b), 1000, clients?.length ? [{ field: 'client', operator: '$in', value: clients }] : []),
    staleTime: STALE,
  });

export type TAreaOption = TNamed & { parent: string | null };
/**
 * Areas: the staff search them (AREA:READ); a client's people may not, so theirs are the areas they
 * may enter (my-spaces, as the incidents' filters do) below the space they are in.
 */
export const useAreaOptions = (staff: boolean) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'areas', staff],
    queryFn: async (): Promise<TAreaOption[]> => {
      if (staff) {
        const page = await sendPage(areaCalls.search, { page: 0, size: 1000, sort: 'name', filters: [], projections: ['_id', 'name', 'parent'] });
        return page.items.map((a) => ({ _id: String(a._id), name: String(a.name ?? ''), parent: (a.parent as string | null | undefined) ?? null }));
      }
      const here = getStoredSpace()?.secureSpacePath ?? '/';
      const spaces = await send(spaceCalls.mySpaces, { query: { size: 200 } });
      return spaces
        .filter((s) => s.typeStructure === 'AREA' && s.secureSpacePath.startsWith(here))
        .map((s) => ({ _id: s._id, name: s.name, parent: s.parent ?? null }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: STALE,
  });

/** Services (SERVICES:READ: the audit company's people). */
export const useServiceOptions = (enabled: boolean) =>
  useQuery({ queryKey: [...OPTIONS_KEY, 'services'], queryFn: () => named((b) => sendPage(serviceCalls.search, b), 1000), enabled, staleTime: STALE });

/**
 * Templates: those of the caller's finished audits, as the bio-score answers them over every date:
 * a client's people may not search templates, and a template with no audit has no figure to filter.
 */
export const useTemplateOptions = () =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'templates'],
    queryFn: async () =>
      (await send(statisticsCalls.bioScore, { body: {} }))
        .filter((row): row is typeof row & { template: string } => row.template !== null)
        .map((row) => ({ _id: row.template, name: row.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: STALE,
  });

/** The TEMPLATE category tree as a flat list, subcategories indented by their depth (CATEGORY:READ). */
export const useCategoryOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'categories'],
    queryFn: async () => {
      const tree = await send(categoryCalls.tree, { body: { size: 1000, page: 0, type: 'TEMPLATE' } });
      const flat: { _id: string; name: string; depth: number }[] = [];
      const walk = (nodes: TCategoryTree[], depth: number) =>
        nodes.forEach((node) => {
          flat.push({ _id: node._id, name: node.name, depth });
          walk(node.children ?? [], depth + 1);
        });
      walk(tree, 0);
      return flat;
    },
    enabled,
    staleTime: STALE,
  });
