import type { TTraceType } from '@audit/domain/constants';
import type { TDb } from './db.js';
import type { TAuth } from './auth.js';
import { traces } from './trace/tables.js';

export interface TTraceEntry {
  type: TTraceType;
  module: string;
  section: string;
  entityId?: string;
  payload?: unknown;
  /** The changed entity's space; defaults to the request's space. */
  spaceId?: string;
  secureSpacePath?: string;
}

/** Writes the audit trail row in the caller's transaction, so it exists exactly when the change does. */
export async function recordTrace(tx: TDb, auth: Pick<TAuth, 'userId' | 'spaceId' | 'spacePath'>, entry: TTraceEntry): Promise<void> {
  await tx.insert(traces).values({
    spaceId: entry.spaceId ?? auth.spaceId,
    secureSpacePath: entry.secureSpacePath ?? auth.spacePath,
    type: entry.type,
    ownerId: auth.userId,
    entityId: entry.entityId,
    module: entry.module,
    section: entry.section,
    payload: entry.payload ?? null,
  });
}
