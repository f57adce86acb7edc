import type { TIdentity } from '../../platform/identity.js';
import { outsideSpace } from '../../platform/errors.js';
import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * The visit plan follows the contracts (decision 0089): CONTRACT:READ reads it, CONTRACT:WRITE
 * generates, moves, assigns, drops and confirms (confirming also needs AUDIT:CREATE, the audit's own
 * permission). The plan is the audit company's: a client's own people (whose space is the client or
 * below it) may at most read it, even holding a write permission (451), as with the contracts.
 */
export interface TPlanAccessed {
  secureSpacePath: string;
  clientId: string;
}

const fromTheClient = (who: TIdentity, row: TPlanAccessed) => who.spacePath.includes(`/${row.clientId}/`);
const companyWrites = (who: TIdentity, row: TPlanAccessed) => {
  const verdict = holdsOn(who, row, 'CONTRACT:WRITE');
  if (verdict !== true) return verdict;
  return !fromTheClient(who, row) || outsideSpace();
};

export const visitPlanPolicy = definePolicy<TPlanAccessed, 'read' | 'write' | 'confirm'>({
  read: (who) => holds(who, 'CONTRACT:READ'),
  write: companyWrites,
  confirm: (who, row) => {
    const verdict = companyWrites(who, row);
    return verdict === true ? holds(who, 'AUDIT:CREATE') : verdict;
  },
});
