import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Roles are a catalogue: defined in a space, usable in that space and every space below it. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    name: text('name').notNull(),
    superAdmin: boolean('super_admin').notNull().default(false),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_space_name_key').on(t.spaceId, t.name), index('roles_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops'))],
);

/** Role assignments: which roles a user holds (written through assignRoles in service.ts). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    /** The user's path: the row belongs to the user's tenant. */
    secureSpacePath: text('secure_space_path').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
