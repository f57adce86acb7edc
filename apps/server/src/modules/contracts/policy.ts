import type { TPermission } from '@audit/domain/permissions';
import type { TIdentity } from '../../platform/identity.js';
import { invalidData, outsideSpace } from '../../platform/errors.js';
import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * Service contracts (decision 0083): CONTRACT:READ to read, CONTRACT:CREATE / WRITE / DELETE to
 * change. Contracts are the audit company's: its people write them; a client's own people (whose
 * space is the contract's client) may at most read them, even holding a write permission (451).
 * Only a DRAFT is edited or deleted; an ACTIVE one only moves to CLOSED; a CLOSED one is read-only.
 */
export interface TContractAccessed {
  secureSpacePath: string;
  status: string;
}

const companyWrites = (who: TIdentity, row: TContractAccessed, permission: TPermission) => {
  const verdict = holdsOn(who, row, permission);
  if (verdict !== true) return verdict;
  return row.secureSpacePath !== who.spacePath || outsideSpace();
};
const whileDraft = (row: TContractAccessed, verdict: ReturnType<typeof companyWrites>) =>
  verdict === true && row.status !== 'DRAFT' ? invalidData(['status']) : verdict;

export const serviceContractPolicy = definePolicy<TContractAccessed, 'read' | 'update' | 'changeStatus' | 'delete'>({
  read: (who) => holds(who, 'CONTRACT:READ'),
  update: (who, row) => whileDraft(row, companyWrites(who, row, 'CONTRACT:WRITE')),
  changeStatus: (who, row) => companyWrites(who, row, 'CONTRACT:WRITE'),
  delete: (who, row) => whileDraft(row, companyWrites(who, row, 'CONTRACT:DELETE')),
});

/** A new contract for a client: created from above the client with CONTRACT:CREATE. */
export const mayCreateFor = (who: TIdentity, client: { secureSpacePath: string }) => companyWrites(who, { ...client, status: 'DRAFT' }, 'CONTRACT:CREATE');
