import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

/**
 * How a table's rows are kept apart between tenants (decision 0001), declared by the module that
 * owns the table and checked against the migrated database by platform/row-security.test.ts:
 *  - 'tenant': row-level security on, the policy tenant_write over secure_space_path (the migration
 *    calls `SELECT audit_enable_rls('<table>', 'tenant')`);
 *  - 'catalogue': the same, plus tenant_read from the spaces below (`audit_enable_rls(..., 'catalogue')`);
 *  - { policies, why }: row-level security on with policies of its own (each named), beside or
 *    instead of tenant_write;
 *  - { global }: no tenant column and no row-level security, with the reason (reference data, rows
 *    reached only through the signed-in user's own id).
 */
export type TRowSecurity = 'tenant' | 'catalogue' | { policies: string[]; why: string } | { global: string };

export interface TTableDeclaration {
  table: string;
  security: TRowSecurity;
}

/** The names of a tables.ts module's exports that are tables. */
type TTableExports<T> = { [K in keyof T as T[K] extends PgTable ? K : never]: TRowSecurity };

/**
 * Every table of a module's tables.ts with its row security: `import * as tables from './tables.js'`
 * then `declareTables(tables, { audits: 'tenant', ... })`. A table added to tables.ts without its
 * declaration is a compile error here; one without its policy in the migrations fails the test.
 */
export function declareTables<T extends Record<string, unknown>>(tables: T, security: TTableExports<T>): TTableDeclaration[] {
  const declared = security as Record<string, TRowSecurity>;
  return Object.entries(tables)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, value]) => {
      const kind = declared[name];
      if (!kind) throw new Error(`table ${name} has no row-security declaration`);
      return { table: getTableName(value as PgTable), security: kind };
    });
}
