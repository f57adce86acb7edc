import { definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * Who may do what with a space on /admin/spaces (decision 0047): edit it (ORG:WRITE) when it is the
 * caller's space or below it, and (de)activate it the same way but never the space the session acts
 * in (an administrator does not switch off the space they stand in). The space-owner and admin-space
 * flags are set only from a session of the platform owner (`ownerSession`: the caller's space is an
 * owner space or below one; decision 0065): a tenant cannot make itself the owner.
 */
export const SPACE_ACTIONS = ['update', 'changeStatus', 'setFlags'] as const;

export const spacePolicy = definePolicy<{ id: string; secureSpacePath: string; ownerSession?: boolean }, (typeof SPACE_ACTIONS)[number]>({
  update: (who, space) => holdsOn(who, space, 'ORG:WRITE'),
  changeStatus: (who, space) => space.id !== who.spaceId && holdsOn(who, space, 'ORG:WRITE'),
  setFlags: (who, space) => space.ownerSession === true && holdsOn(who, space, 'ORG:WRITE'),
});
