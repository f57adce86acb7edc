import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import { auditsListHref, incidentsListHref, type TIncidentsLink } from '../../manifest/listLinks';

/**
 * Where a figure leads (decision 0079): the incidents or audits list filtered to the rows behind it.
 * A list filters by one client, establishment, area, template and service at most, and by neither
 * services nor categories for incidents: when the screen's filter says more than the list can, the
 * list would show other rows, so the figure links nowhere rather than to a list that disagrees.
 */
const one = (ids: string[] | undefined): { ok: boolean; id?: string } =>
  !ids?.length ? { ok: true } : ids.length === 1 ? { ok: true, id: ids[0] } : { ok: false };
const days = (f: TStatisticsFilter): [string, string] | undefined => (f.from && f.to ? [f.from, f.to] : undefined);

/** The incidents counted by a figure, narrowed further by `extra` (a risk, a status, an establishment). */
export function incidentsHref(f: TStatisticsFilter, extra: Pick<TIncidentsLink, 'riskLevel' | 'status' | 'establishment'> = {}): string | undefined {
  const client = one(f.clients);
  const establishment = one(extra.establishment ? [extra.establishment] : f.establishments);
  const area = one(f.areas);
  const template = one(f.templates);
  if (!client.ok || !establishment.ok || !area.ok || !template.ok || f.services?.length || f.categories?.length) return undefined;
  if (extra.establishment && f.establishments?.length && !f.establishments.includes(extra.establishment)) return undefined;
  // The figure's risks within the screen's: both limit.
  let riskLevel = extra.riskLevel ?? f.riskLevels;
  if (extra.riskLevel && f.riskLevels?.length) riskLevel = extra.riskLevel.filter((r) => (f.riskLevels as string[]).includes(r));
  if (riskLevel && riskLevel.length === 0) return undefined;
  return incidentsListHref({
    riskLevel,
    status: extra.status,
    client: client.id,
    establishment: establishment.id,
    area: area.id,
    template: template.id,
    days: days(f),
  });
}

/** The finished audits counted by a figure, of one establishment when given. */
export function auditsHref(kind: 'client' | 'auditor', f: TStatisticsFilter, establishment?: string): string | undefined {
  const client = one(f.clients);
  const place = one(establishment ? [establishment] : f.establishments);
  const service = one(f.services);
  if (!client.ok || !place.ok || !service.ok || f.templates?.length || f.categories?.length || f.areas?.length) return undefined;
  return auditsListHref(kind, { client: client.id, establishment: place.id, service: service.id, days: days(f), status: ['finished'] });
}
