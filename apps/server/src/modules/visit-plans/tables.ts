import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pathIndex, tenantColumns, updatedAtColumn } from '../../platform/columns.js';

/**
 * The visit plan (decision 0089): one row per visit a contract's yearly quantity plans at an
 * establishment. The row lives in the establishment's space (the audit it becomes lives there too).
 * A slot is named by (contract, establishment, service, year, seq): generating again meets the same
 * names, so it never duplicates a visit and never rewrites one the office confirmed, moved or dropped.
 */
export const plannedVisits = pgTable(
  'planned_visits',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    contractId: uuid('contract_id').notNull(),
    contractReference: text('contract_reference'),
    clientId: uuid('client_id').notNull(),
    establishmentId: uuid('establishment_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** The day the plan gave it (null: no allowed day); `date` is where it is now. */
    plannedDate: date('planned_date', { mode: 'string' }),
    date: date('date', { mode: 'string' }),
    status: text('status').notNull().default('PROPOSED'),
    auditorId: uuid('auditor_id'),
    auditId: uuid('audit_id'),
  },
  (t) => [
    pathIndex('planned_visits', t.secureSpacePath),
    uniqueIndex('planned_visits_slot_idx').on(t.contractId, t.establishmentId, t.serviceId, t.year, t.seq),
    index('planned_visits_client_idx').on(t.clientId, t.year, t.date),
  ],
);

export type TPlannedVisitRow = typeof plannedVisits.$inferSelect;
