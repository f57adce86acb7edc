import { AUDIT_STATUSES, type TAuditStatus } from '@audit/domain/audits';

/**
 * Filtered list addresses one feature links to and another reads (decisions 0079 and 0080: the
 * statistics' figures and the homes' "see all" open the list behind them). The lists read these
 * query parameters once, as their first filters; the user then changes them as any other filter.
 * A list of values is the parameter repeated. Days are 'YYYY-MM-DD', both included.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function href(path: string, values: Record<string, string | string[] | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : value ? [value] : []) query.append(key, one);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

const id = (params: URLSearchParams, key: string) => {
  const value = params.get(key);
  return value && UUID.test(value) ? value : undefined;
};
const days = (params: URLSearchParams): [string, string] | undefined => {
  const from = params.get('from');
  const to = params.get('to');
  return from && to && DAY.test(from) && DAY.test(to) && from <= to ? [from, to] : undefined;
};
const words = (params: URLSearchParams, key: string, allowed: readonly string[]) => {
  const values = params.getAll(key).filter((v) => allowed.includes(v));
  return values.length ? values : undefined;
};

/** The audit incidents list (features/incidents) narrowed to a figure's incidents. */
export interface TIncidentsLink {
  riskLevel?: string[];
  status?: string[];
  client?: string;
  establishment?: string;
  area?: string;
  template?: string;
  /** Audit days [from, to]. */
  days?: [string, string];
}

export const incidentsListHref = (link: TIncidentsLink) =>
  href('/incidents/list/audits', {
    risk: link.riskLevel,
    status: link.status,
    client: link.client,
    establishment: link.establishment,
    area: link.area,
    template: link.template,
    from: link.days?.[0],
    to: link.days?.[1],
  });

/** What an incidents list address asks for; unknown or malformed values are ignored. */
export function readIncidentsLink(params: URLSearchParams, risks: readonly string[], statuses: readonly string[]): TIncidentsLink {
  const link: TIncidentsLink = {
    riskLevel: words(params, 'risk', risks),
    status: words(params, 'status', statuses),
    client: id(params, 'client'),
    establishment: id(params, 'establishment'),
    area: id(params, 'area'),
    template: id(params, 'template'),
    days: days(params),
  };
  return Object.fromEntries(Object.entries(link).filter(([, v]) => v !== undefined)) as TIncidentsLink;
}

/** An audits list (features/audits: the client's or the auditor's) narrowed to some audits. */
export interface TAuditsLink {
  client?: string;
  establishment?: string;
  service?: string;
  /** Audit statuses (the statistics count finished ones; the auditor's home, those still to run). */
  status?: TAuditStatus[];
  /** Start days [from, to]. */
  days?: [string, string];
}

export const auditsListPath = (kind: 'client' | 'auditor') => (kind === 'client' ? '/client-audits/audits' : '/auditor/audits');

export const auditsListHref = (kind: 'client' | 'auditor', link: TAuditsLink) =>
  href(auditsListPath(kind), {
    client: link.client,
    establishment: link.establishment,
    service: link.service,
    status: link.status,
    from: link.days?.[0],
    to: link.days?.[1],
  });

export function readAuditsLink(params: URLSearchParams): TAuditsLink {
  const link: TAuditsLink = {
    client: id(params, 'client'),
    establishment: id(params, 'establishment'),
    service: id(params, 'service'),
    status: words(params, 'status', AUDIT_STATUSES) as TAuditStatus[] | undefined,
    days: days(params),
  };
  return Object.fromEntries(Object.entries(link).filter(([, v]) => v !== undefined)) as TAuditsLink;
}

/** The corrective actions (features/tasks) on one of its tabs. */
export const tasksListHref = (tab: string) => href('/tasks', { filter: tab });
export const readTasksLink = <T extends string>(params: URLSearchParams, tabs: readonly T[]): T | undefined =>
  words(params, 'filter', tabs)?.[0] as T | undefined;

/** The lab incidents list (features/lab-data) narrowed to some statuses. */
export const labIncidentsListHref = (link: { status?: readonly string[] }) => href('/incidents/list/lab-data', { status: link.status && [...link.status] });
export const readLabIncidentsLink = <T extends string>(params: URLSearchParams, statuses: readonly T[]): T[] =>
  (words(params, 'status', statuses) ?? []) as T[];
