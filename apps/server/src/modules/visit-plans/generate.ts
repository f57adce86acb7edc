import { planContract } from '@audit/domain/visit-plans/spread';
import { ZVisitPlanGenerate, type TVisitPlanGenerate, type TVisitPlanGenerated } from '@audit/domain/visit-plans/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { presentContracts } from '../contracts/present.js';
import { loadContract } from '../contracts/service.js';
import { placesOf, type TPlace } from './places.js';
import { visitPlanPolicy } from './policy.js';
import * as repo from './repo.js';

const slotKey = (s: { establishment: string; service: string; seq: number }) => `${s.establishment}|${s.service}|${s.seq}`;

/** The contract's period inside the year: the plan only falls on days the contract is in force. */
export function periodIn(year: number, contract: { startDate: string; endDate: string | null }) {
  const [first, last] = [`${year}-01-01`, `${year}-12-31`];
  return { from: contract.startDate > first ? contract.startDate : first, to: contract.endDate && contract.endDate < last ? contract.endDate : last };
}

/**
 * Writes the year's plan of one contract, in the caller's transaction, under the contract's row lock
 * (two generate requests at once: the second waits and finds the first's slots). A slot already
 * there is the office's: confirmed, moved, assigned or dropped, it is kept as it is; an untouched
 * proposal follows the plan (placed again, or removed when the plan no longer has it).
 */
export async function writePlan(tx: TDb, caller: TAuth, contractId: string, year: number, places: TPlace[]): Promise<TVisitPlanGenerated> {
  const contract = await loadContract(tx, caller, contractId, true);
  visitPlanPolicy.authorize(caller, 'write', { secureSpacePath: contract.secureSpacePath, clientId: contract.spaceId });
  if (contract.status !== 'ACTIVE') throw invalidData(['contract']);
  const { from, to } = periodIn(year, contract);
  if (from > to) throw invalidData(['year']);
  const [full] = await presentContracts(tx, caller, [contract]);
  const slots = planContract({ year, lines: full!.lines.map((l) => ({ service: l.service._id, quantity: l.quantity })), places, from, to });
  const names = new Map(full!.lines.map((l) => [l.service._id, l.service.name]));
  const byId = new Map(places.map((p) => [p.id, p]));

  const existing = new Map(
    (await repo.slotsOf(tx, caller, contract.id, year)).map((r) => [slotKey({ establishment: r.establishmentId, service: r.serviceId, seq: r.seq }), r]),
  );
  const untouched = (r: { status: string; date: string | null; plannedDate: string | null; auditorId: string | null }) =>
    r.status === 'PROPOSED' && r.date === r.plannedDate && !r.auditorId;
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
  const gone = [...existing].filter(([key, r]) => !wanted.has(key) && untouched(r)).map(([, r]) => r.id);
  const created = await repo.insertSlots(tx, fresh);
  await repo.replaceDates(tx, moves);
  await repo.deleteSlots(tx, gone);
  const kept = [...existing.values()].filter((r) => !gone.includes(r.id));
  const result = {
    created,
    updated: moves.length,
    removed: gone.length,
    planned: created + kept.filter((r) => r.status !== 'DROPPED').length,
    unplaced: slots.filter((s) => s.date === null).length,
  };
  await recordTrace(tx, caller, {
    module: 'CONTRACT',
    section: 'visit-plans',
    spaceId: contract.spaceId,
    secureSpacePath: contract.secureSpacePath,
    entityId: contract.id,
    type: 'CREATE',
    payload: { year, ...result },
  });
  return result;
}

/** POST /visit-plans/generate: the contract's client's establishments are read first, then the plan is written at once. */
export async function generatePlan(ctx: TModuleContext, caller: TAuth, input: TVisitPlanGenerate) {
  const body = ZVisitPlanGenerate.parse(input);
  const contract = await scoped(ctx, caller, (tx) => loadContract(tx, caller, body.contract));
  const places = await placesOf(ctx, caller, contract.spaceId);
  return scoped(ctx, caller, (tx) => writePlan(tx, caller, body.contract, body.year, places));
}
