import { categoryCalls } from '@audit/domain/calls/categories';
import { send } from '../../api/send';
import type { TCategoryTree } from '@audit/domain/categories';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TWizardAuditor, TWizardService } from '@audit/domain/audits';
import { TEMPLATE_PAGE_SIZE } from '@audit/domain/constants';
import type { TSearchFilter } from '@audit/domain/search';
import { request, searchPage } from '../../api/client';

/**
 * The pickers of the wizard and the list filters. Clients and establishments use the short
 * "for client users" searches (any signed-in user may call them, so the client's filters work
 * too); the wizard's client list is the auditor's own (worker/clients). Sizes follow the calls
 * document: worker and client lookups 250, projection selectors 1000, templates 25 a page.
 */
export interface TOption {
  _id: string;
  name: string;
}
/** The wizard's options as the server answers them (packages/domain/src/audits.ts). */
export type TServiceOption = TWizardService;
export type TAuditorOption = TWizardAuditor;
export interface TTemplateOption {
  _id: string;
  name: string;
  description: string | null;
  language: string;
  category: (TOption & { color?: string | null }) | null;
  service: TOption | null;
  areaAccess: TOption | null;
}
/** The category tree as the server answers it (packages/domain/src/categories.ts). */
export type TCategoryNode = TCategoryTree;

const CORE = '/ms-core/api';
const OPTIONS_KEY = ['audits', 'options'] as const;
const names = ['_id', 'name'];

const items = async <T>(path: string, size: number, filters: TSearchFilter[] = []) =>
  (await searchPage<T>(path, { page: 0, size, sort: 'name', filters, projections: names })).items;

/** `mine`: the clients the auditor works for (wizard); otherwise every client of the scope (filters). */
export const useClientOptions = (mine: boolean) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'clients', mine],
    queryFn: () => items<TOption>(`${CORE}/structures/${mine ? 'worker/clients/search' : 'search-for-client-users'}`, 250),
  });

/** The establishments below a client (all of the scope without one). */
export const useEstablishmentOptions = (client: string | undefined, enabled = true) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'establishments', client ?? null],
    queryFn: () => items<TOption>(`${CORE}/establishments/search-for-client-users`, 1000, client ? [{ field: 'client', operator: 'eq', value: client }] : []),
    enabled,
  });

/** Every service of the company (list filter; auditors hold SERVICES:READ). */
export const useServiceOptions = (enabled = true) =>
  useQuery({ queryKey: [...OPTIONS_KEY, 'services'], queryFn: () => items<TOption>(`${CORE}/services/search`, 1000), enabled });

/** Services with a goal in the establishment's space (wizard). */
export const useEstablishmentServices = (establishment: string | undefined) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'establishmentServices', establishment],
    queryFn: () => request<TServiceOption[]>(`${CORE}/audits/options/services`, { query: { establishment } }),
    enabled: Boolean(establishment),
  });

export const useAuditorOptions = (client: string | undefined) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'auditors', client],
    queryFn: () => request<TAuditorOption[]>(`${CORE}/audits/options/auditors`, { query: { client } }),
    enabled: Boolean(client),
  });

export interface TTemplateOptionsParams {
  establishment: string | undefined;
  service: string | undefined;
  category: string | undefined;
  search: string;
  page: number;
}

/**
 * Enabled templates of the service, within a category and its subcategories (`categoryTree`);
 * `establishment` makes the server keep only those its goal names.
 */
export const useTemplateOptions = (params: TTemplateOptionsParams) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'templates', params],
    queryFn: () => {
      const filters: TSearchFilter[] = [{ field: 'service', operator: 'eq', value: params.service }];
      if (params.category) filters.push({ field: 'categoryTree', operator: 'eq', value: params.category });
      const body = { page: params.page, size: TEMPLATE_PAGE_SIZE, search: params.search, sort: 'name', filters, establishment: params.establishment };
      return searchPage<TTemplateOption>(`${CORE}/audits/options/templates`, body);
    },
    enabled: Boolean(params.service),
    placeholderData: keepPreviousData,
  });

/** The TEMPLATE category tree (the same call the templates screen makes). */
export const useTemplateCategories = () =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'categories'],
    queryFn: () => send(categoryCalls.tree, { body: { size: 1000, page: 0, type: 'TEMPLATE' } }),
  });
