import { definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * Who may do what with a role: rename (ROLE:WRITE), set its permissions (ROLE:ASSIGN) or delete
 * it (ROLE:DELETE), only for a role of the caller's space: an ancestor's role is readable from
 * below, never writable (451).
 */
export const ROLE_ACTIONS = ['update', 'assign', 'delete'] as const;

export const rolePolicy = definePolicy<{ secureSpacePath: string }, (typeof ROLE_ACTIONS)[number]>({
  update: (who, role) => holdsOn(who, role, 'ROLE:WRITE'),
  assign: (who, role) => holdsOn(who, role, 'ROLE:ASSIGN'),
  delete: (who, role) => holdsOn(who, role, 'ROLE:DELETE'),
});
