import type { THistoryKind, THistoryOut } from '@audit/domain/incidents';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { iso } from '../../platform/http.js';
import * as repo from './repo.js';
import type { TIncidentRow } from './tables.js';

export interface THistoryChange {
  taskId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The columns of one history record (who, what changed), in its owner's space: the incidents' and
 * the lab incidents' histories (decision 0058) both write these beside their owner's id.
 */
export const historyEntry = (
  who: Pick<TAuth, 'userId'> | null,
  owner: { spaceId: string; secureSpacePath: string },
  kind: THistoryKind,
  change: Omit<THistoryChange, 'taskId'> = {},
) => ({
  spaceId: owner.spaceId,
  secureSpacePath: owner.secureSpacePath,
  kind,
  byId: who?.userId ?? null,
  before: change.before ?? null,
  after: change.after ?? null,
});

/** One history record (who, when, what changed) in the change's own transaction. */
export function record(
  tx: TDb,
  who: Pick<TAuth, 'userId'> | null,
  incident: Pick<TIncidentRow, 'id' | 'spaceId' | 'secureSpacePath'>,
  kind: THistoryKind,
  change: THistoryChange = {},
) {
  return repo.insertHistory(tx, [{ ...historyEntry(who, incident, kind, change), incidentId: incident.id, taskId: change.taskId ?? null }]);
}

interface THistoryRow {
  id: string;
  kind: string;
  byId: string | null;
  createdAt: Date;
  taskId?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** History rows as the calls answer them, newest first as read, with the names of who made each change. */
export const presentHistory = (rows: THistoryRow[], names: Map<string, string>): THistoryOut[] =>
  rows.map((r) => ({
    _id: r.id,
    kind: r.kind as THistoryKind,
    by: r.byId ? { _id: r.byId, name: names.get(r.byId) ?? '' } : null,
    at: iso(r.createdAt)!,
    taskId: r.taskId ?? null,
    before: r.before,
    after: r.after,
  }));
