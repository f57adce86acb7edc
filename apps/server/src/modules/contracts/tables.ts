import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pathIndex, tenantColumns, updatedAtColumn } from '../../platform/columns.js';

/**
 * Service contracts (decision 0083): a client's contract with the audit company and the services
 * it hires. The row lives in the client's space (space_id is the client, its path the tenant
 * policy's), so the client's own people can be let read it and no other client ever sees it.
 */
export const serviceContracts = pgTable(
  'service_contracts',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    reference: text('reference'),
    status: text('status').notNull().default('DRAFT'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    closeAt: timestamp('close_at', { withTimezone: true }),
    /** The lines' sum as packages/domain's contractTotals computes it, kept for the list's sort. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
  },
  (t) => [
    pathIndex('service_contracts', t.secureSpacePath),
    index('service_contracts_start_idx').on(t.startDate, t.id),
    index('service_contracts_status_idx').on(t.status, t.startDate),
    index('service_contracts_space_idx').on(t.spaceId, t.startDate),
  ],
);

/** The services a contract hires: the catalogue's service (its name kept as it was), quantity a year, price and IVA group. */
export const serviceContractLines = pgTable(
  'service_contract_lines',
  {
    ...tenantColumns(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => serviceContracts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    serviceId: uuid('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    groupIva: text('group_iva').notNull(),
  },
  (t) => [
    pathIndex('service_contract_lines', t.secureSpacePath),
    index('service_contract_lines_contract_idx').on(t.contractId, t.position),
    index('service_contract_lines_service_idx').on(t.serviceId),
  ],
);

export type TServiceContractRow = typeof serviceContracts.$inferSelect;
export type TServiceContractLineRow = typeof serviceContractLines.$inferSelect;
