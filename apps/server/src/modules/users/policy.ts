import type { TUserAction } from '@audit/domain/users';
import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * Who may do what with a user (product document section 6): an administrator resets anyone's
 * password, but sending an e-mail, changing the status and removing are never done on oneself.
 */
export interface TUserSubject {
  id: string;
  secureSpacePath: string;
}

const notSelf = (who: TIdentity, user: TUserSubject) => user.id !== who.userId;

export const userPolicy = definePolicy<TUserSubject, TUserAction>({
  update: (who, user) => holdsOn(who, user, 'USER:WRITE'),
  delete: (who, user) => notSelf(who, user) && holdsOn(who, user, 'USER:DELETE'),
  changeStatus: (who, user) => notSelf(who, user) && holdsOn(who, user, 'USER:WRITE'),
  resetPassword: (who, user) => holdsOn(who, user, 'USER:WRITE'),
  email: (who, user) => notSelf(who, user) && holds(who, 'USER:READ'),
  restore: (who, user) => holdsOn(who, user, 'USER:WRITE'),
});
