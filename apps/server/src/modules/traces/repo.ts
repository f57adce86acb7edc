import { and, eq } from 'drizzle-orm';
import { TRACE_TYPES } from '@audit/domain/constants';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { traces } from '../../platform/trace/tables.js';

export const traceSearch: TSearchDefinition = {
  fields: {
    type: { column: traces.type, type: 'enum', values: TRACE_TYPES },
    module: { column: traces.module, type: 'text' },
    section: { column: traces.section, type: 'text' },
    owner: { column: traces.ownerId, type: 'uuid' },
    entity: { column: traces.entityId, type: 'uuid' },
    date: { column: traces.date, type: 'date' },
  },
  searchColumns: [traces.module, traces.section],
  defaultSort: { field: 'date', direction: 'desc' },
};

/** Traces do not notify their changes (no list_totals trigger): every page counts. */
export async function searchTraces(tx: TDb, scope: TScope, body: TSearchBody) {
  const q = buildSearch(traceSearch, body);
  const where = and(withinScope(traces.secureSpacePath, scope), q.where);
  return readPageByIds({ tx, table: traces, idColumn: traces.id, where, q });
}

/** One trace of the caller's scope, or undefined. */
export async function findTrace(tx: TDb, scope: TScope, id: string) {
  const [row] = await tx
    .select()
    .from(traces)
    .where(and(withinScope(traces.secureSpacePath, scope), eq(traces.id, id)));
  return row;
}
