import { categoryCalls } from '@audit/domain/calls/categories';
import { send, sendPage } from '../../api/send';
import type { TCategoryTree } from '@audit/domain/categories';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TWizardAuditor, TWizardService } from '@audit/domain/audits';
import { auditCalls, type TWizardTemplate } from '@audit/domain/calls/audits';
import { TEMPLATE_PAGE_SIZE } from '@audit/domain/constants';
import type { TSearchFilter } from '@audit/domain/search';
import { type TPage, type TSearchRequest } from '../../api/client';
import { serviceCalls } from '@audit/domain/calls/services';
import { establishmentCalls, structureCalls } from '@audit/domain/calls/structures';
import { wholeRows, ZNamed } from '../../api/wholeRows';

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
/** A template of the wizard's list (auditCalls.templateOptions: every field optional, as projections allow). */
export type TTemplateOption = TWizardTemplate;
/** The category tree as the server answers it (packages/domain/src/categories.ts). */
export type TCategoryNode = TCategoryTree;

const OPTIONS_KEY = ['audits', 'options'] as const;
const names = ['_id', 'name'];

/** A selector's names (projections _id, name) from a search call. */
const items = async (search: (body: TSearchRequest) => Promise<TPage<unknown>>, size: number, filters: TSearchFilter[] = []): Promise<TOption[]> =>
  (await wholeRows(ZNamed, search({ page: 0, size, sort: 'name', filters, projections: names }))).items;

/** `mine`: the clients the auditor works for (wizard); otherwise every client of the scope (filters). */
export const useClientOptions = (mine: boolean) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'clients', mine],
    queryFn: () => items((body) => sendPage(mine ? structureCalls.workerClientsSearch : structureCalls.searchForClientUsers, body), 250),
  });

/** The establishments below a client (all of the scope without one). */
export const useEstablishmentOptions = (client: string | undefined, enabled = true) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'establishments', client ?? null],
    queryFn: () =>
      items((body) => sendPage(establishmentCalls.searchForClientUsers, body), 1000, client ? [{ field: 'client', operator: 'eq', value: client }] : []),
    enabled,
  });

/** Every service of the company (list filter; auditors hold SERVICES:READ). */
export const useServiceOptions = (enabled = true) =>
  useQuery({ queryKey: [...OPTIONS_KEY, 'services'], queryFn: () => items((body) => sendPage(serviceCalls.search, body), 1000), enabled });

/** Services with a goal in the establishment's space (wizard). */
export const useEstablishmentServices = (establishment: string | undefined) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'establishmentServices', establishment],
    queryFn: () => send(auditCalls.serviceOptions, { query: { establishment: establishment ?? '' } }),
    enabled: Boolean(establishment),
  });

export const useAuditorOptions = (client: string | undefined) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, 'auditors', client],
    queryFn: () => send(auditCalls.auditorOptions, { query: { client: client ?? '' } }),
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
      return sendPage(auditCalls.templateOptions, body);
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
