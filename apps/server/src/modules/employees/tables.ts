import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pathIndex, tenantColumns, updatedAtColumn } from '../../platform/columns.js';

/**
 * The audit company's employees (product document section 3, Employee; decision 0084). A row lives
 * in the space that created it (the company) and is read from there and below, like any tenant row.
 * The user account is optional and names one employee at most (421); the worker side of that user
 * (the auditor switch, access services) stays on the users table.
 */
export const employees = pgTable(
  'employees',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    /** A DNI or NIE, normalised (upper case, no separators), its check letter verified. */
    dni: text('dni').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    userId: uuid('user_id'),
    address: text('address'),
    country: uuid('country'),
    province: uuid('province'),
    provinceOrState: text('province_or_state'),
    municipality: uuid('municipality'),
    workerProfile: uuid('worker_profile'),
    occupation: uuid('occupation'),
    description: text('description'),
    clientAccess: uuid('client_access')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    areaAccess: uuid('area_access')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').notNull().default('ACTIVE'),
  },
  (t) => [
    pathIndex('employees', t.secureSpacePath),
    // One employee per user account: a second (or a parallel) link answers 421.
    uniqueIndex('employees_user_key')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    // One employee per DNI in a space: a second (or a parallel) create answers 420.
    uniqueIndex('employees_dni_key').on(t.spaceId, t.dni),
    index('employees_created_idx').on(t.createdAt, t.id),
    index('employees_status_idx').on(t.status),
  ],
);

export type TEmployeeRow = typeof employees.$inferSelect;
