import type { TDb } from '../../platform/db.js';
import type { TScope } from '../../platform/tenancy.js';
import { notifications } from './tables.js';

/**
 * AUDIT_ASSIGNED: an audit was given to its auditor (body {auditId, name: the template's name});
 * REGISTER_MISSED_TAKES: takes of a register went by without values (body {registerId, name, missed, day}).
 */
export type TNotificationType = 'TASK_UPDATE_STATE' | 'SHARE_FILE' | 'AUDIT_ASSIGNED' | 'REGISTER_MISSED_TAKES';

/**
 * An in-app notification for one user, in the caller's transaction, in the space the user acted
 * in (so their notifications search finds it). Jobs call it when their work is done (a PDF is
 * ready: SHARE_FILE with body {status, name, auditId}).
 */
export async function notifyUser(
  tx: TDb,
  to: Pick<TScope, 'spaceId' | 'spacePath'> & { userId: string },
  type: TNotificationType,
  body: {
    event?: string;
    status?: string;
    name?: string;
    auditId?: string;
    incidentId?: string;
    labIncidentId?: string;
    registerId?: string;
    missed?: number;
    documentId?: string;
    day?: string;
  },
) {
  const [row] = await tx
    .insert(notifications)
    .values({ spaceId: to.spaceId, secureSpacePath: to.spacePath, ownerId: to.userId, type, payload: { body } })
    .returning({ id: notifications.id });
  return row!.id;
}
