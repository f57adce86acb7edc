import { ROLE_NAMES } from '@audit/domain/permissions';
import { AppError, definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * Who may do what with a role: rename (ROLE:WRITE), set its permissions (ROLE:ASSIGN) or delete
 * it (ROLE:DELETE), only for a role of the caller's space: an ancestor's role is readable from
 * below, never writable (451). The system roles every space starts with (the product document's
 * role names) are never renamed or deleted (ROL0001: sign-up, invitations and the menus find them
 * by name), and the administration roles (those granting ADMIN) keep their permissions, so no one
 * locks the space's administrators out (decision 0047).
 */
export const ROLE_ACTIONS = ['update', 'assign', 'delete'] as const;

type TRoleRow = { secureSpacePath: string; name: string; permissions: string[] };

const SYSTEM_NAMES = new Set<string>(ROLE_NAMES);
/** A role every space starts with, found by its name. */
export const isSystemRole = (role: Pick<TRoleRow, 'name'>) => SYSTEM_NAMES.has(role.name);
const fixed = (role: TRoleRow) => isSystemRole(role) && role.permissions.includes('ADMIN');

const unless = (verdict: boolean | AppError, refused: boolean) => (verdict === true && refused ? new AppError('systemRole') : verdict);

export const rolePolicy = definePolicy<TRoleRow, (typeof ROLE_ACTIONS)[number]>({
  update: (who, role) => unless(holdsOn(who, role, 'ROLE:WRITE'), isSystemRole(role)),
  assign: (who, role) => unless(holdsOn(who, role, 'ROLE:ASSIGN'), fixed(role)),
  delete: (who, role) => unless(holdsOn(who, role, 'ROLE:DELETE'), isSystemRole(role)),
});
