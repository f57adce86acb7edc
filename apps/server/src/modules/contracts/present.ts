import { IVA_GROUPS, type TIvaGroup } from '@audit/domain/constants';
import { SERVICE_CONTRACT_MOVES, type TServiceContract, type TServiceContractStatus } from '@audit/domain/contracts/schemas';
import { contractTotals, toEuros } from '@audit/domain/contracts/totals';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { iso } from '../../platform/http.js';
import { spacesByIds } from '../spaces/service.js';
import { serviceContractPolicy } from './policy.js';
import * as repo from './repo.js';
import type { TServiceContractLineRow, TServiceContractRow } from './tables.js';

/** One contract as the calls answer it: its client's name, lines with their amounts, the totals (packages/domain) and `can`. */
export function presentContract(caller: TAuth, row: TServiceContractRow, lines: TServiceContractLineRow[], clientName: string): TServiceContract {
  const groupOf = (l: TServiceContractLineRow) => l.groupIva as TIvaGroup;
  const totals = contractTotals(lines.map((l) => ({ quantity: l.quantity, unitPriceCents: l.unitPriceCents, groupIva: groupOf(l) })));
  const status = row.status as TServiceContractStatus;
  const can = serviceContractPolicy.canAll(caller, row);
  return {
    _id: row.id,
    client: { _id: row.spaceId, name: clientName },
    reference: row.reference,
    status,
    startDate: row.startDate,
    endDate: row.endDate,
    closeAt: iso(row.closeAt),
    lines: lines.map((l, i) => ({
      _id: l.id,
      service: { _id: l.serviceId, name: l.serviceName },
      quantity: l.quantity,
      unitPrice: toEuros(l.unitPriceCents),
      unitPriceCents: l.unitPriceCents,
      groupIva: groupOf(l),
      ivaPercentage: IVA_GROUPS[groupOf(l)],
      ...totals.lines[i]!,
    })),
    netCents: totals.netCents,
    ivaCents: totals.ivaCents,
    totalCents: totals.totalCents,
    totalPrice: toEuros(totals.totalCents),
    byGroup: totals.byGroup,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    moves: can.changeStatus ? [...SERVICE_CONTRACT_MOVES[status]] : [],
    can,
  };
}

/** Contracts with their lines and client names, read in the caller's transaction. */
export async function presentContracts(tx: TDb, caller: TAuth, rows: TServiceContractRow[]) {
  const lines = await repo.linesOf(
    tx,
    rows.map((r) => r.id),
  );
  const names = new Map(
    (
      await spacesByIds(
        tx,
        caller,
        rows.map((r) => r.spaceId),
      )
    ).map((s) => [s.id, s.name]),
  );
  // Grouped once: a batch of 500 contracts has 1,500 lines.
  const linesOf = new Map<string, (typeof lines)[number][]>();
  for (const line of lines) {
    if (!linesOf.has(line.contractId)) linesOf.set(line.contractId, []);
    linesOf.get(line.contractId)!.push(line);
  }
  return rows.map((r) => presentContract(caller, r, linesOf.get(r.id) ?? [], names.get(r.spaceId) ?? ''));
}
