import { definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * Who may do what with a space on /admin/spaces (decision 0047): edit it (ORG:WRITE) when it is the
 * caller's space or below it, and (de)activate it the same way but never the space the session acts
 * in (an administrator does not switch off the space they stand in).
 */
export const SPACE_ACTIONS = ['update', 'changeStatus'] as const;

export const spacePolicy = definePolicy<{ id: string; secureSpacePath: string }, (typeof SPACE_ACTIONS)[number]>({
  update: (who, space) => holdsOn(who, space, 'ORG:WRITE'),
  changeStatus: (who, space) => space.id !== who.spaceId && holdsOn(who, space, 'ORG:WRITE'),
});
