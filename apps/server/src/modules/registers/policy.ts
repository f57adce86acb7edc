import type { TRegisterAccess } from '../../platform/identity.js';
import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * Register templates: catalogue rows like audit templates, under the TEMPLATES permissions (an
 * ancestor's template is read only: 451). Decision 0031.
 */
export const registerTemplatePolicy = definePolicy<{ secureSpacePath: string }, 'update' | 'delete' | 'duplicate'>({
  update: (who, row) => holdsOn(who, row, 'TEMPLATES:WRITE'),
  delete: (who, row) => holdsOn(who, row, 'TEMPLATES:DELETE'),
  duplicate: (who) => holds(who, 'TEMPLATES:CREATE'),
});

/** The audit company's people: administrators and auditors manage registers and correct past logs. */
export const isStaff = (who: Pick<TIdentity, 'isAdmin' | 'isAuditor'>) => who.isAdmin || who.isAuditor;

export interface TRegisterAccessed {
  id: string;
  areaAccess: string;
  categoryId: string | null;
  secureSpacePath: string;
}

/** Whether the user's registersAccess lets them see the register (an empty list: every register). */
export function withinRegistersAccess(access: TRegisterAccess[], row: Omit<TRegisterAccessed, 'secureSpacePath'>): boolean {
  if (!access.length) return true;
  return access.some(
    (a) => a.areaAccess === row.areaAccess && (!a.category || a.category === row.categoryId) && (!a.registers?.length || a.registers.includes(row.id)),
  );
}

/**
 * Registers (decision 0031): create REGISTER:CREATE, delete REGISTER:DELETE; editing the definition
 * and opening/closing periods need REGISTER:WRITE and being staff; writing a log needs
 * REGISTER:WRITE within the user's registersAccess; correcting a past period's log is staff's.
 */
export const registerPolicy = definePolicy<TRegisterAccessed, 'update' | 'delete' | 'write' | 'correct' | 'openClose'>({
  update: (who, row) => isStaff(who) && holdsOn(who, row, 'REGISTER:WRITE'),
  delete: (who, row) => holdsOn(who, row, 'REGISTER:DELETE'),
  write: (who, row) => holds(who, 'REGISTER:WRITE') && withinRegistersAccess(who.access.registers, row),
  correct: (who, row) => isStaff(who) && holds(who, 'REGISTER:WRITE') && withinRegistersAccess(who.access.registers, row),
  openClose: (who, row) => isStaff(who) && holdsOn(who, row, 'REGISTER:WRITE'),
});
