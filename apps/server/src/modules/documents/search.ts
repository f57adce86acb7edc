import { and, sql, type SQL } from 'drizzle-orm';
import { addDays, todayInZone } from '@audit/domain/dates';
import { DOCUMENT_STATES, EXPIRING_SOON_DAYS } from '@audit/domain/documents/schemas';
import type { TSearchBody, TSearchFilter } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { DOCUMENTS_TIME_ZONE, gatherDocuments, namedDocuments, presentFolders } from './present.js';
import { documentFolders, documentShares, documentVersions, documents } from './tables.js';

/** The state filter: the same days as documentState (expired before today; expiring within 30 days). */
const byState = (operator: TSearchFilter['operator'], value: unknown): SQL => {
  const list = operator === 'eq' ? [value] : operator === '$in' && Array.isArray(value) ? value : null;
  if (!list?.length || !list.every((v) => (DOCUMENT_STATES as readonly unknown[]).includes(v))) throw invalidData(['filters.state']);
  const today = todayInZone(DOCUMENTS_TIME_ZONE);
  const soon = addDays(today, EXPIRING_SOON_DAYS);
  const col = documents.expiryDate;
  const one: Record<string, SQL> = {
    none: sql`${col} is null`,
    expired: sql`${col} < ${today}::date`,
    expiring: sql`(${col} >= ${today}::date and ${col} <= ${soon}::date)`,
    valid: sql`${col} > ${soon}::date`,
  };
  return sql`(${sql.join(
    (list as string[]).map((s) => one[s]!),
    sql` or `,
  )})`;
};

/** `sharedWith: <user id>`: documents shared with that user. */
const sharedWith = (operator: TSearchFilter['operator'], value: unknown): SQL => {
  if (operator !== 'eq' || typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value)) throw invalidData(['filters.sharedWith']);
  return sql`exists (select 1 from ${documentShares} where ${documentShares.documentId} = ${documents.id} and ${documentShares.userId} = ${value}::uuid)`;
};

export const documentSearch: TSearchDefinition = {
  fields: {
    _id: { column: documents.id, type: 'uuid' },
    folder: { column: documents.folderId, type: 'uuid' },
    space: { column: documents.spaceId, type: 'uuid' },
    name: { column: documents.name, type: 'text' },
    expiryDate: { column: documents.expiryDate, type: 'text' },
    effectiveDate: { column: documents.effectiveDate, type: 'text' },
    state: { column: documents.expiryDate, type: 'text', sortable: false, filter: byState },
    sharedWith: { column: documents.id, type: 'uuid', sortable: false, filter: sharedWith },
    updatedAt: { column: documents.updatedAt, type: 'date' },
    createdAt: { column: documents.createdAt, type: 'date' },
  },
  // The name, or the current version's file name (a renewed certificate is found by its new file).
  searchColumns: [
    documents.name,
    (pattern: string) =>
      sql`exists (select 1 from ${documentVersions} v where v.document_id = ${documents.id} and v.number = ${documents.version} and v.file_name ilike ${pattern})`,
  ],
  defaultSort: { field: 'name', direction: 'asc' },
};

export const folderSearch: TSearchDefinition = {
  fields: {
    _id: { column: documentFolders.id, type: 'uuid' },
    space: { column: documentFolders.spaceId, type: 'uuid' },
    name: { column: documentFolders.name, type: 'text' },
    createdAt: { column: documentFolders.createdAt, type: 'date' },
  },
  searchColumns: [documentFolders.name],
  defaultSort: { field: 'name', direction: 'asc' },
};

/** POST /documents/search: server-paged, within the caller's space (a client's people: their own client's). */
export async function searchDocuments(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(documentSearch, body);
  const where = and(withinScope(documents.secureSpacePath, caller), q.where);
  const { gathered, total } = await scoped(ctx, caller, async (tx) => {
    const page = await readPageByIds({ tx, table: documents, idColumn: documents.id, where, q });
    return { gathered: await gatherDocuments(tx, caller, page.items), total: page.total };
  });
  return { items: project(await namedDocuments(ctx, gathered), body.projections), total };
}

export async function searchFolders(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(folderSearch, body);
  const where = and(withinScope(documentFolders.secureSpacePath, caller), q.where);
  return scoped(ctx, caller, async (tx) => {
    const page = await readPageByIds({ tx, table: documentFolders, idColumn: documentFolders.id, where, q });
    return { items: project(await presentFolders(tx, caller, page.items), body.projections), total: page.total };
  });
}
