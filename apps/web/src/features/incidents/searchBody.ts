import { INCIDENT_KINDS, type TIncidentKind } from '@audit/domain/incidents';

/** The list kind of a path's `:kind`, or undefined for one that is no list (/incidents/list/lab). */
export const incidentKindOf = (param: string | undefined): TIncidentKind | undefined =>
  (INCIDENT_KINDS as readonly string[]).includes(param ?? '') ? (param as TIncidentKind) : undefined;
import type { TSearchBody } from '@audit/domain/search';

export interface TIncidentFilters {
  status?: string[];
  riskLevel?: string[];
  client?: string;
  establishment?: string;
  /** An area (facility) of the establishment. */
  area?: string;
  /** The audit template (audit incidents). */
  template?: string;
  responsible?: string;
  months?: [string, string];
  /** Audit days [from, to] ('YYYY-MM-DD'): a link from a statistics figure; months, when chosen, replace them. */
  days?: [string, string];
}

export interface TIncidentListParams {
  kind: TIncidentKind;
  page: number;
  size: number;
  search: string;
  sort?: string;
  filters: TIncidentFilters;
}

/** The list's filters as the search's body (the same body the Excel export takes). */
export function searchBody(params: Omit<TIncidentListParams, 'page' | 'size'>): Pick<TSearchBody, 'search' | 'sort' | 'filters'> {
  const f = params.filters;
  const filters: TSearchBody['filters'] = [{ field: 'kind', operator: 'eq', value: params.kind }];
  if (f.status?.length) filters.push({ field: 'status', operator: '$in', value: f.status });
  if (f.riskLevel?.length) filters.push({ field: 'riskLevel', operator: '$in', value: f.riskLevel });
  if (f.client) filters.push({ field: 'client', operator: 'eq', value: f.client });
  if (f.establishment) filters.push({ field: 'establishment', operator: 'eq', value: f.establishment });
  if (f.area) filters.push({ field: 'area', operator: 'eq', value: f.area });
  if (f.template) filters.push({ field: 'template', operator: 'eq', value: f.template });
  if (f.responsible) filters.push({ field: 'responsible', operator: 'eq', value: f.responsible });
  if (f.months) filters.push({ field: 'auditDate', operator: 'between', value: f.months });
  else if (f.days) filters.push({ field: 'auditDate', operator: 'between', value: f.days });
  return { search: params.search || undefined, sort: params.sort, filters };
}
