import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { catalogueTable } from '../nomenclatures/catalogue-table.js';

/** Services a company sells (catalogue of the root space). */
export const services = catalogueTable(
  'services',
  {
    category: uuid('category'),
    executionTime: doublePrecision('execution_time').notNull(),
    /** Euros, two decimals. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    groupIva: text('group_iva').notNull().default('typeA'),
    salesAccount: bigint('sales_account', { mode: 'number' }).notNull(),
    code: text('code'),
    type: text('type').notNull().default('SERVICE'),
    /** Pool services show the pool contact fields in audits (product document, section 6). */
    isPoolService: boolean('is_pool_service').notNull().default(false),
  },
  { indexOn: ['category', 'groupIva', 'code', 'price', 'executionTime', 'salesAccount'] },
);

/**
 * Services-templates goal of a space (client, establishment or area): which services it is offered,
 * the goal score of each (a percentage) and the audit templates used for it. A tenant row.
 */
export const spaceServiceGoals = pgTable(
  'space_service_goals',
  {
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    serviceId: uuid('service_id').notNull(),
    valueGoal: smallint('value_goal').notNull(),
    templates: uuid('templates')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.serviceId] }),
    index('space_service_goals_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('space_service_goals_service_idx').on(t.serviceId),
  ],
);
