import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holdsOn } from '../../platform/policy.js';

/** Invitations: resent or cancelled while PENDING, by whoever may invite in the invitation's space. */
export const invitationPolicy = definePolicy<{ secureSpacePath: string; status: string }, 'resend' | 'cancel'>({
  resend: (who: TIdentity, row) => row.status === 'PENDING' && holdsOn(who, row, 'USER:INVITE'),
  cancel: (who: TIdentity, row) => row.status === 'PENDING' && holdsOn(who, row, 'USER:INVITE'),
});

/** Access requests: accepted or rejected once, while PENDING, by whoever may invite in its space. */
export const joinRequestPolicy = definePolicy<{ secureSpacePath: string; status: string }, 'process'>({
  process: (who: TIdentity, row) => row.status === 'PENDING' && holdsOn(who, row, 'USER:INVITE'),
});
