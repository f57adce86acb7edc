import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A user lives in a home space (space_id, secure_space_path) and may be a member of others. */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    phone: text('phone'),
    /** An uploaded image's id (POST files/image); presented as a signed address. */
    avatar: text('avatar'),
    /** YYYY-MM-DD; the user is over 16 (spec section 5). */
    birthday: date('birthday', { mode: 'string' }),
    status: text('status').notNull().default('ACTIVE'),
    verified: boolean('verified').notNull().default(false),
    isAuditor: boolean('is_auditor').notNull().default(false),
    reportType: text('report_type').notNull().default('default'),
    language: text('language').notNull().default('es'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(true),
    passwordHash: text('password_hash'),
    /** The previous password hashes (newest first, at most PASSWORD_HISTORY_SIZE): a new password may not be one of them (decision 0040). */
    passwordHistory: text('password_history')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set by confirm-phone (decision 0040); any change of the phone clears it. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    failedSignins: integer('failed_signins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Set by a trigger whenever password_hash changes: refresh tokens issued before it no longer rotate. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** A worker's access services: when not empty, the only services they may create audits for. */
    accessServices: uuid('access_services')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Register areas the user may see (spec: registersAccess); empty: every register entry. */
    registersAccess: jsonb('registers_access').$type<{ areaAccess: string; category?: string | null; registers?: string[] }[]>().notNull().default([]),
    /** Lab-data categories the user may see (labDataFood, labDataLegionella, labDataPool, labDataOthers); empty: all. */
    labDataAccess: text('lab_data_access')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('users_status_idx').on(t.status),
    // The list's default order and its search (ILIKE '%text%' over the name, username, e-mail and phone: pg_trgm); decision 0028.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_trgm').using('gin', sql`(${t.firstName} || coalesce(' ' || ${t.lastName}, '')) gin_trgm_ops`),
    index('users_username_trgm').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

/** Spaces a user may act in besides (or including) the home space; the path is the member space's. */
export const userSpaces = pgTable(
  'user_spaces',
  {
    userId: uuid('user_id').notNull(),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.spaceId] }), index('user_spaces_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops'))],
);
