import type { THistoryKind } from '@audit/domain/incidents';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import * as repo from './repo.js';
import type { TIncidentRow } from './tables.js';

/** One history record (who, when, what changed) in the change's own transaction. */
export function record(
  tx: TDb,
  who: Pick<TAuth, 'userId'> | null,
  incident: Pick<TIncidentRow, 'id' | 'spaceId' | 'secureSpacePath'>,
  kind: THistoryKind,
  change: { taskId?: string | null; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null } = {},
) {
  return repo.insertHistory(tx, [
    {
      incidentId: incident.id,
      spaceId: incident.spaceId,
      secureSpacePath: incident.secureSpacePath,
      kind,
      byId: who?.userId ?? null,
      taskId: change.taskId ?? null,
      before: change.before ?? null,
      after: change.after ?? null,
    },
  ]);
}
