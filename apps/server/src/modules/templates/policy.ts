import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * Who may do what with an audit template: change or delete one of the caller's space (an
 * ancestor's template is read only here: 451) with TEMPLATES:WRITE / DELETE; copy any visible one
 * into the caller's space with TEMPLATES:CREATE.
 */
export const TEMPLATE_ACTIONS = ['update', 'delete', 'duplicate'] as const;

export const templatePolicy = definePolicy<{ secureSpacePath: string }, (typeof TEMPLATE_ACTIONS)[number]>({
  update: (who, row) => holdsOn(who, row, 'TEMPLATES:WRITE'),
  delete: (who, row) => holdsOn(who, row, 'TEMPLATES:DELETE'),
  duplicate: (who) => holds(who, 'TEMPLATES:CREATE'),
});
