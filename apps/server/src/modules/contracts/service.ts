import type { TIvaGroup } from '@audit/domain/constants';
import {
  SERVICE_CONTRACT_MOVES,
  ZServiceContractInput,
  ZServiceContractPatch,
  type TServiceContractInput,
  type TServiceContractLineInput,
  type TServiceContractPatch,
  type TServiceContractStatus,
} from '@audit/domain/contracts/schemas';
import { contractTotals, toCents } from '@audit/domain/contracts/totals';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { forbidden, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { servicesService } from '../services/definition.js';
import { findSpaceInScope, timeZoneOfPath } from '../spaces/service.js';
import { mayCreateFor, serviceContractPolicy } from './policy.js';
import { presentContracts } from './present.js';
import * as repo from './repo.js';
import type { TServiceContractRow } from './tables.js';

const trace = (row: TServiceContractRow) => ({
  module: 'CONTRACT',
  section: 'contracts',
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
  entityId: row.id,
});

/** The client a contract is for: a client (STRUCTURE) of the caller's scope, which the caller may write for. */
async function clientOf(tx: TDb, caller: TAuth, id: string) {
  const space = await findSpaceInScope(tx, caller, id);
  if (!space || space.typeStructure !== 'STRUCTURE') throw invalidData(['client']);
  const verdict = mayCreateFor(caller, space);
  if (verdict !== true) throw verdict === false ? forbidden() : verdict;
  return space;
}

/**
 * The lines as stored: each service one the caller sees in the catalogue, its name kept, its price
 * and IVA group the catalogue's unless the line sets them. Prices become whole cents here, once.
 */
async function lineRows(tx: TDb, caller: TAuth, lines: readonly TServiceContractLineInput[]) {
  const found = new Map(
    (
      await servicesService.repo.findMany(
        tx,
        caller,
        lines.map((l) => l.service),
      )
    ).map((s) => [s.id, s]),
  );
  const missing = lines.flatMap((l, i) => (found.has(l.service) ? [] : [`lines.${i}.service`]));
  if (missing.length) throw invalidData(missing);
  return lines.map((l, position) => {
    const service = found.get(l.service)!;
    return {
      position,
      serviceId: service.id,
      serviceName: service.name,
      quantity: l.quantity,
      unitPriceCents: toCents(l.unitPrice ?? Number(service.price)),
      groupIva: (l.groupIva ?? service.groupIva) as TIvaGroup,
    };
  });
}

const totalOf = (rows: { quantity: number; unitPriceCents: number; groupIva: TIvaGroup }[]) => contractTotals(rows).totalCents;

export async function loadContract(tx: TDb, caller: TAuth, id: string, lock = false) {
  const row = await repo.findContract(tx, caller, id, lock);
  if (!row) throw notFound();
  serviceContractPolicy.authorize(caller, 'read', row);
  return row;
}

/** The ACTIVE contracts of the caller's scope in force some day of the period, locked (the batch plan generate). */
export async function lockActiveContracts(tx: TDb, caller: TAuth, period: { from: string; to: string }) {
  const rows = await repo.lockActiveContracts(tx, caller, period);
  return rows.filter((row) => serviceContractPolicy.can(caller, 'read', row));
}

const one = async (tx: TDb, caller: TAuth, row: TServiceContractRow) => (await presentContracts(tx, caller, [row]))[0]!;

export async function getContract(ctx: TModuleContext, caller: TAuth, id: string) {
  return scoped(ctx, caller, async (tx) => one(tx, caller, await loadContract(tx, caller, id)));
}

/** The contract with the time zone of its client, for its PDF. */
export async function contractForPdf(ctx: TModuleContext, caller: TAuth, id: string) {
  return scoped(ctx, caller, async (tx) => {
    const row = await loadContract(tx, caller, id);
    return { contract: await one(tx, caller, row), timeZone: await timeZoneOfPath(tx, row.secureSpacePath) };
  });
}

export async function createContract(ctx: TModuleContext, caller: TAuth, input: TServiceContractInput) {
  const body = ZServiceContractInput.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const client = await clientOf(tx, caller, body.client);
    const lines = await lineRows(tx, caller, body.lines);
    const row = await repo.insertContract(tx, {
      spaceId: client.id,
      secureSpacePath: client.secureSpacePath,
      reference: body.reference ?? null,
      status: 'DRAFT',
      startDate: body.startDate,
      endDate: body.endDate ?? null,
      totalCents: totalOf(lines),
      createdBy: caller.userId,
    });
    await repo.replaceLines(tx, row, lines);
    await recordTrace(tx, caller, { ...trace(row), type: 'CREATE', payload: { reference: row.reference, totalCents: row.totalCents } });
    return one(tx, caller, row);
  });
}

/** A draft's edit; lines, when sent, replace the old ones and the total is computed again. */
export async function updateContract(ctx: TModuleContext, caller: TAuth, id: string, input: TServiceContractPatch) {
  const body = ZServiceContractPatch.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const before = await loadContract(tx, caller, id, true);
    serviceContractPolicy.authorize(caller, 'update', before);
    const startDate = body.startDate ?? before.startDate;
    const endDate = body.endDate === undefined ? before.endDate : body.endDate;
    if (endDate && endDate < startDate) throw invalidData(['endDate']);
    const lines = body.lines ? await lineRows(tx, caller, body.lines) : null;
    const row = await repo.updateContract(tx, id, {
      ...(body.reference !== undefined ? { reference: body.reference ?? null } : {}),
      startDate,
      endDate,
      ...(lines ? { totalCents: totalOf(lines) } : {}),
    });
    if (lines) await repo.replaceLines(tx, row, lines);
    await recordTrace(tx, caller, { ...trace(row), type: 'UPDATE', payload: { reference: row.reference, totalCents: row.totalCents } });
    return one(tx, caller, row);
  });
}

/**
 * DRAFT → ACTIVE → CLOSED (closeAt set when it closes); any other move is invalid data on `status`.
 * Asking for the status it already has changes nothing (a repeated or parallel request answers the same).
 */
export async function changeContractStatus(ctx: TModuleContext, caller: TAuth, id: string, status: TServiceContractStatus) {
  return scoped(ctx, caller, async (tx) => {
    const before = await loadContract(tx, caller, id, true);
    serviceContractPolicy.authorize(caller, 'changeStatus', before);
    if (before.status === status) return one(tx, caller, before);
    if (!SERVICE_CONTRACT_MOVES[before.status as TServiceContractStatus].includes(status)) throw invalidData(['status']);
    const row = await repo.updateContract(tx, id, { status, ...(status === 'CLOSED' ? { closeAt: new Date() } : {}) });
    await recordTrace(tx, caller, { ...trace(row), type: 'UPDATE', payload: { status: { from: before.status, to: status } } });
    return one(tx, caller, row);
  });
}

/** Only a draft is deleted (with its lines); an active or closed contract stays on record. */
export async function deleteContract(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadContract(tx, caller, id, true);
    serviceContractPolicy.authorize(caller, 'delete', row);
    await repo.deleteContract(tx, id);
    await recordTrace(tx, caller, { ...trace(row), type: 'REMOVE', payload: { reference: row.reference } });
  });
  return { ok: true as const };
}
