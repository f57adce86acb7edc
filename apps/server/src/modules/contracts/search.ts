import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { SERVICE_CONTRACT_STATUSES } from '@audit/domain/contracts/schemas';
import { isCalendarDay } from '@audit/domain/dates';
import type { TSearchBody, TSearchFilter } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { presentContracts } from './present.js';
import { serviceContractLines, serviceContracts } from './tables.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `eq` one value or `$in` a list, each passing `valid`; anything else is invalid data on the filter. */
function valuesOf(name: string, operator: TSearchFilter['operator'], value: unknown, valid: (v: unknown) => boolean): string[] {
  const list = operator === 'eq' ? [value] : operator === '$in' && Array.isArray(value) ? value : null;
  if (!list?.length || list.length > 1000 || !list.every(valid)) throw invalidData([`filters.${name}`]);
  return list as string[];
}

/** Contracts hiring any of the services: a line of theirs names it. */
const hiring = (operator: TSearchFilter['operator'], value: unknown): SQL => {
  const ids = valuesOf('service', operator, value, (v) => typeof v === 'string' && UUID.test(v));
  return sql`exists (select 1 from ${serviceContractLines} where ${serviceContractLines.contractId} = ${serviceContracts.id} and ${inArray(serviceContractLines.serviceId, ids)})`;
};

/** A day range on the start date: eq, gte, lte or between [from, to] of YYYY-MM-DD days. */
const startDay = (operator: TSearchFilter['operator'], value: unknown): SQL => {
  const day = (v: unknown) => {
    if (typeof v !== 'string' || !isCalendarDay(v)) throw invalidData(['filters.startDate']);
    return v;
  };
  const col = serviceContracts.startDate;
  if (operator === 'eq') return sql`${col} = ${day(value)}::date`;
  if (operator === 'gte') return sql`${col} >= ${day(value)}::date`;
  if (operator === 'lte') return sql`${col} <= ${day(value)}::date`;
  if (operator === 'between' && Array.isArray(value) && value.length === 2) return sql`${col} between ${day(value[0])}::date and ${day(value[1])}::date`;
  throw invalidData(['filters.startDate']);
};

export const serviceContractSearch: TSearchDefinition = {
  fields: {
    _id: { column: serviceContracts.id, type: 'uuid' },
    client: { column: serviceContracts.spaceId, type: 'uuid' },
    status: { column: serviceContracts.status, type: 'enum', values: SERVICE_CONTRACT_STATUSES },
    service: { column: serviceContracts.id, type: 'uuid', sortable: false, filter: hiring },
    reference: { column: serviceContracts.reference, type: 'text' },
    startDate: { column: serviceContracts.startDate, type: 'text', filter: startDay },
    endDate: { column: serviceContracts.endDate, type: 'text' },
    totalCents: { column: serviceContracts.totalCents, type: 'number' },
    createdAt: { column: serviceContracts.createdAt, type: 'date' },
  },
  searchColumns: [
    serviceContracts.reference,
    (pattern) =>
      sql`exists (select 1 from ${serviceContractLines} where ${serviceContractLines.contractId} = ${serviceContracts.id} and ${serviceContractLines.serviceName} ilike ${pattern})`,
  ],
  defaultSort: { field: 'startDate', direction: 'desc' },
};

/** POST /contracts/search: server-paged, within the caller's space (a client's people: their own client's). */
export async function searchContracts(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(serviceContractSearch, body);
  const where = and(withinScope(serviceContracts.secureSpacePath, caller), q.where);
  return scoped(ctx, caller, async (tx) => {
    const page = await readPageByIds({ tx, table: serviceContracts, idColumn: serviceContracts.id, where, q });
    return { items: project(await presentContracts(tx, caller, page.items), body.projections), total: page.total };
  });
}
