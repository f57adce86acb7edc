import type { THistoryKind } from '@audit/domain/incidents';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { historyEntry, type THistoryChange } from '../incidents/history.js';
import * as repo from './repo.js';
import type { TLabIncidentRow } from './tables.js';

type TOwner = Pick<TLabIncidentRow, 'id' | 'spaceId' | 'secureSpacePath'>;

/**
 * History records of lab incidents (decision 0058), one per incident, in the change's own
 * transaction: the incidents' record shape and kinds, in the lab incidents' own table. `change`
 * may depend on the incident (each raised one names its parameter and value).
 */
export function recordLab<T extends TOwner>(
  tx: TDb,
  who: Pick<TAuth, 'userId'> | null,
  incidents: T[],
  kind: Extract<THistoryKind, 'created' | 'statusChanged'>,
  change: (incident: T) => Omit<THistoryChange, 'taskId'> & { at?: Date },
) {
  return repo.insertHistory(
    tx,
    incidents.map((incident) => {
      const { at, ...what } = change(incident);
      return { ...historyEntry(who, incident, kind, what), labIncidentId: incident.id, ...(at ? { createdAt: at } : {}) };
    }),
  );
}
