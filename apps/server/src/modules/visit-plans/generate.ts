import { planContract } from '@audit/domain/visit-plans/spread';
import {
  ZVisitPlanGenerate,
  ZVisitPlanGenerateYear,
  type TVisitPlanGenerate,
  type TVisitPlanGenerated,
  type TVisitPlanGenerateYear,
  type TVisitPlanYearGenerated,
} from '@audit/domain/visit-plans/schemas';
import type { TServiceContract } from '@audit/domain/contracts/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { presentContracts } from '../contracts/present.js';
import { searchContracts } from '../contracts/search.js';
import { loadContract, lockActiveContracts } from '../contracts/service.js';
import { placesOf, type TPlace } from './places.js';
import { visitPlanPolicy } from './policy.js';
import * as repo from './repo.js';
import type { TPlannedVisitRow } from './tables.js';

/** A contract as the contracts module's service gives it. */
type TServiceContractRow = Awaited<ReturnType<typeof loadContract>>;

const slotKey = (s: { establishment: string; service: string; seq: number }) => `${s.establishment}|${s.service}|${s.seq}`;

/** The contract's period inside the year: the plan only falls on days the contract is in force. */
export function periodIn(year: number, contract: { startDate: string; endDate: string | null }) {
  const [first, last] = [`${year}-01-01`, `${year}-12-31`];
  return { from: contract.startDate > first ? contract.startDate : first, to: contract.endDate && contract.endDate < last ? contract.endDate : last };
}

/** What writing one contract's plan changes: computed from the plan and the slots already there. */
interface TPlanChanges {
  fresh: repo.TPlannedVisitInsert[];
  moves: { id: string; date: string | null }[];
  gone: string[];
  result: TVisitPlanGenerated;
}

const untouched = (r: Pick<TPlannedVisitRow, 'status' | 'date' | 'plannedDate' | 'auditorId'>) =>
  r.status === 'PROPOSED' && r.date === r.plannedDate && !r.auditorId;

/**
 * One contract's plan against its slots of the year. A slot already there is the office's:
 * confirmed, moved, assigned or dropped, it is kept as it is; an untouched proposal follows the plan
 * (placed again, or removed when the plan no longer has it).
 */
function changesOf(contract: TServiceContractRow, full: TServiceContract, year: number, places: TPlace[], slotsThere: TPlannedVisitRow[]): TPlanChanges {
  const { from, to } = periodIn(year, contract);
  const slots = planContract({ year, lines: full.lines.map((l) => ({ service: l.service._id, quantity: l.quantity })), places, from, to });
  const names = new Map(full.lines.map((l) => [l.service._id, l.service.name]));
  const byId = new Map(places.map((p) => [p.id, p]));
  const existing = new Map(slotsThere.map((r) => [slotKey({ establishment: r.establishmentId, service: r.serviceId, seq: r.seq }), r]));
  const fresh: repo.TPlannedVisitInsert[] = [];
  const moves: { id: string; date: string | null }[] = [];
  const wanted = new Set<string>();
  for (const s of slots) {
    const key = slotKey(s);
    wanted.add(key);
    const row = existing.get(key);
    if (row) {
      if (untouched(row) && row.plannedDate !== s.date) moves.push({ id: row.id, date: s.date });
      continue;
    }
    const place = byId.get(s.establishment)!;
    fresh.push({
      spaceId: place.id,
      secureSpacePath: place.secureSpacePath,
      contractId: contract.id,
      contractReference: contract.reference,
      clientId: contract.spaceId,
      establishmentId: place.id,
      serviceId: s.service,
      serviceName: names.get(s.service) ?? '',
      year,
      seq: s.seq,
      plannedDate: s.date,
      date: s.date,
    });
  }
  const gone = new Set([...existing].filter(([key, r]) => !wanted.has(key) && untouched(r)).map(([, r]) => r.id));
  const kept = [...existing.values()].filter((r) => !gone.has(r.id) && r.status !== 'DROPPED');
  return {
    fresh,
    moves,
    gone: [...gone],
    result: {
      created: fresh.length,
      updated: moves.length,
      removed: gone.size,
      planned: fresh.length + kept.length,
      unplaced: slots.filter((s) => s.date === null).length,
    },
  };
}

/**
 * Writes the plans of some contracts already locked by the caller's transaction (a generate request
 * at the same time waits on the locks, then finds these slots): their lines and slots read at once,
 * every insert, move and removal in a few statements, a trace per contract.
 */
async function writePlans(tx: TDb, caller: TAuth, contracts: TServiceContractRow[], year: number, placesOfClient: (clientId: string) => TPlace[]) {
  const presented = await presentContracts(tx, caller, contracts);
  const slotsThere = new Map<string, TPlannedVisitRow[]>();
  for (const row of await repo.slotsOfContracts(
    tx,
    caller,
    contracts.map((c) => c.id),
    year,
  ))
    if (slotsThere.has(row.contractId)) slotsThere.get(row.contractId)!.push(row);
    else slotsThere.set(row.contractId, [row]);
  const changes = contracts.map((c, i) => changesOf(c, presented[i]!, year, placesOfClient(c.spaceId), slotsThere.get(c.id) ?? []));
  const inserted = await repo.insertSlots(
    tx,
    changes.flatMap((c) => c.fresh),
  );
  await repo.replaceDates(
    tx,
    changes.flatMap((c) => c.moves),
  );
  await repo.deleteSlots(
    tx,
    changes.flatMap((c) => c.gone),
  );
  // A slot a parallel request inserted first is not new: counted as planned, not created.
  const lost = changes.reduce((n, c) => n + c.result.created, 0) - inserted;
  for (const [i, contract] of contracts.entries())
    await recordTrace(tx, caller, {
      module: 'CONTRACT',
      section: 'visit-plans',
      spaceId: contract.spaceId,
      secureSpacePath: contract.secureSpacePath,
      entityId: contract.id,
      type: 'CREATE',
      payload: { year, ...changes[i]!.result },
    });
  return { results: changes.map((c) => c.result), lost };
}

/** One contract's plan, in the caller's transaction, under the contract's row lock. */
export async function writePlan(tx: TDb, caller: TAuth, contractId: string, year: number, places: TPlace[]): Promise<TVisitPlanGenerated> {
  const contract = await loadContract(tx, caller, contractId, true);
  visitPlanPolicy.authorize(caller, 'write', { secureSpacePath: contract.secureSpacePath, clientId: contract.spaceId });
  if (contract.status !== 'ACTIVE') throw invalidData(['contract']);
  const { from, to } = periodIn(year, contract);
  if (from > to) throw invalidData(['year']);
  const { results, lost } = await writePlans(tx, caller, [contract], year, () => places);
  const [result] = results;
  return { ...result!, created: result!.created - lost };
}

/** POST /visit-plans/generate: the contract's client's establishments are read first, then the plan is written at once. */
export async function generatePlan(ctx: TModuleContext, caller: TAuth, input: TVisitPlanGenerate) {
  const body = ZVisitPlanGenerate.parse(input);
  const contract = await scoped(ctx, caller, (tx) => loadContract(tx, caller, body.contract));
  const places = await placesOf(ctx, caller, contract.spaceId);
  return scoped(ctx, caller, (tx) => writePlan(tx, caller, body.contract, body.year, places));
}

const PAGE = 1000;

/**
 * POST /visit-plans/generate-year: every ACTIVE contract of the caller's scope in force some day of
 * the year, in one transaction (decision 0089: one request instead of one per contract). The
 * establishments of each client are read first; a contract signed meanwhile is left for the next run.
 */
export async function generateYear(ctx: TModuleContext, caller: TAuth, input: TVisitPlanGenerateYear): Promise<TVisitPlanYearGenerated> {
  const { year } = ZVisitPlanGenerateYear.parse(input);
  visitPlanPolicy.authorize(caller, 'write', { secureSpacePath: caller.spacePath, clientId: '' });
  const period = { from: `${year}-01-01`, to: `${year}-12-31` };
  const clients = new Set<string>();
  for (let page = 0; ; page += 1) {
    const { items } = await searchContracts(ctx, caller, {
      size: PAGE,
      page,
      filters: [
        { field: 'status', operator: 'eq', value: 'ACTIVE' },
        { field: 'startDate', operator: 'lte', value: period.to },
      ],
      projections: ['client'],
    });
    for (const c of items as { client: { _id: string } }[]) clients.add(c.client._id);
    if (items.length < PAGE) break;
  }
  const places = new Map<string, TPlace[]>();
  for (const client of clients) places.set(client, await placesOf(ctx, caller, client));
  return scoped(ctx, caller, async (tx) => {
    const locked = await lockActiveContracts(tx, caller, period);
    const contracts = locked.filter(
      (c) => places.has(c.spaceId) && visitPlanPolicy.can(caller, 'write', { secureSpacePath: c.secureSpacePath, clientId: c.spaceId }),
    );
    const { results, lost } = await writePlans(tx, caller, contracts, year, (client) => places.get(client)!);
    const sum = (key: keyof TVisitPlanGenerated) => results.reduce((n, r) => n + r[key], 0);
    return {
      contracts: contracts.length,
      created: sum('created') - lost,
      updated: sum('updated'),
      removed: sum('removed'),
      planned: sum('planned'),
      unplaced: sum('unplaced'),
    };
  });
}
