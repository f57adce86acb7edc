import type { TServiceContract } from '@audit/domain/contracts/schemas';
import type { TVisitPlanCounts, TVisitPlanSummary } from '@audit/domain/visit-plans/schemas';
import type { TAuth } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { searchAudits } from '../audits/service.js';
import { searchContracts } from '../contracts/search.js';
import { visitPlanPolicy } from './policy.js';
import * as repo from './repo.js';

const PAGE = 1000;

/** Every page of a paged search (contracts, audits), as the modules' own services answer them. */
async function allPages<T>(read: (page: number) => Promise<{ items: unknown[] }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page += 1) {
    const { items } = await read(page);
    all.push(...(items as T[]));
    if (items.length < PAGE) return all;
  }
}

/** A contract counts for the year when it was in force some day of it (active, or closed during or after it). */
const inForce = (c: TServiceContract, year: number) =>
  c.status !== 'DRAFT' &&
  c.startDate <= `${year}-12-31` &&
  (!c.endDate || c.endDate >= `${year}-01-01`) &&
  (!c.closeAt || c.closeAt.slice(0, 4) >= String(year));

const behind = (c: Omit<TVisitPlanCounts, 'behind'>, due: number) => c.planned < c.hired || c.done < Math.min(due, c.hired);

/**
 * GET /visit-plans/summary: per client (and contract) of the year, the visits hired (the lines'
 * quantities), planned (proposed + confirmed) and done (the client's audits of those services
 * finished that year, read through the audits module). Behind: fewer planned than hired, or fewer
 * done than the planned visits whose day has passed.
 */
export async function planSummary(ctx: TModuleContext, caller: TAuth, query: { year: number; client?: string }): Promise<TVisitPlanSummary> {
  visitPlanPolicy.authorize(caller, 'read', { secureSpacePath: caller.spacePath, clientId: query.client ?? '' });
  const { year } = query;
  const contractFilters = [
    { field: 'status', operator: '$in' as const, value: ['ACTIVE', 'CLOSED'] },
    { field: 'startDate', operator: 'lte' as const, value: `${year}-12-31` },
    ...(query.client ? [{ field: 'client', operator: 'eq' as const, value: query.client }] : []),
  ];
  const contracts = (
    await allPages<TServiceContract>((page) => searchContracts(ctx, caller, { size: PAGE, page, filters: contractFilters, sort: 'startDate' }))
  ).filter((c) => inForce(c, year));
  const clientIds = [...new Set(contracts.map((c) => c.client._id))];
  const finished = clientIds.length
    ? await allPages<{ client: { _id: string }; service: { _id: string } }>((page) =>
        searchAudits(ctx, caller, {
          size: PAGE,
          page,
          filters: [
            { field: 'client', operator: '$in', value: clientIds },
            { field: 'status', operator: 'eq', value: 'finished' },
            { field: 'startDate', operator: 'between', value: [`${year}-01-01T00:00:00.000Z`, `${year}-12-31T23:59:59.999Z`] },
          ],
          projections: ['client', 'service'],
        }),
      )
    : [];
  const doneBy = new Map<string, number>();
  for (const a of finished) doneBy.set(`${a.client._id}|${a.service._id}`, (doneBy.get(`${a.client._id}|${a.service._id}`) ?? 0) + 1);
  // Today's day in UTC: a visit counts as due the day after it (a day's difference across zones is harmless here).
  const today = new Date().toISOString().slice(0, 10);
  const counts = new Map((await scoped(ctx, caller, (tx) => repo.countsOf(tx, caller, year, today))).map((r) => [r.contractId, r]));

  const clients = new Map<string, TVisitPlanSummary['clients'][number] & { due: number }>();
  const left = new Map(doneBy);
  for (const c of contracts) {
    const n = counts.get(c._id);
    const hired = c.lines.reduce((s, l) => s + l.quantity, 0);
    // Finished audits are given to the contracts in order, each up to what its line hires.
    let done = 0;
    for (const l of c.lines) {
      const key = `${c.client._id}|${l.service._id}`;
      const take = Math.min(left.get(key) ?? 0, l.quantity);
      left.set(key, (left.get(key) ?? 0) - take);
      done += take;
    }
    const own = { hired, proposed: n?.proposed ?? 0, confirmed: n?.confirmed ?? 0, planned: (n?.proposed ?? 0) + (n?.confirmed ?? 0), done };
    const entry = clients.get(c.client._id) ?? {
      client: c.client,
      hired: 0,
      planned: 0,
      proposed: 0,
      confirmed: 0,
      done: 0,
      behind: false,
      due: 0,
      contracts: [],
    };
    entry.contracts.push({ _id: c._id, reference: c.reference, status: c.status, generated: (n?.any ?? 0) > 0, ...own, behind: behind(own, n?.due ?? 0) });
    for (const k of ['hired', 'planned', 'proposed', 'confirmed', 'done'] as const) entry[k] += own[k];
    entry.due += n?.due ?? 0;
    clients.set(c.client._id, entry);
  }
  return {
    year,
    clients: [...clients.values()].map(({ due, ...c }) => ({ ...c, behind: behind(c, due) })).sort((x, y) => x.client.name.localeCompare(y.client.name)),
  };
}
