import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A space is a tenant. The audit company's root space has no parent; its clients' structures,
 * establishments and areas are spaces below it. secure_space_path lists the ids from the root
 * down to the space itself ("/root/client/"), and every tenant row copies its space's path.
 */
export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    parentId: uuid('parent_id'),
    identifier: text('identifier').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    logo: text('logo'),
    typeStructure: text('type_structure').notNull().default('STRUCTURE'),
    modules: jsonb('modules').$type<string[]>().notNull().default([]),
    theme: jsonb('theme').$type<Record<string, string>>(),
    /** IANA time zone of the space's days; null takes the nearest ancestor's (Europe/Madrid at the root). Decision 0015. */
    timeZone: text('time_zone'),
    /** Strangers may create an account in this space (sign-up; off by default, decision 0040). */
    signupEnabled: boolean('signup_enabled').notNull().default(false),
    /** New users of this space (and below) go through /onboarding before the app (decision 0041). */
    onboardingActive: boolean('onboarding_active').notNull().default(false),
    /** The language of the space's mails and of new accounts when none is known (es or en; null is es). Decision 0047. */
    language: text('language'),
    /**
     * The product document's space-owner flag: the space of the platform's operator. Its sessions
     * (and those of the spaces below it) are the owner's (`isOwner`); only they set these flags (decision 0065).
     */
    ownerSpace: boolean('owner_space').notNull().default(false),
    /** The admin-space flag: an administration space (a back office), not a client's; shown on /admin/spaces. */
    adminSpace: boolean('admin_space').notNull().default(false),
    secureSpacePath: text('secure_space_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('spaces_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('spaces_parent_idx').on(t.parentId),
    // The structure lists' order (name, id) and their search by name (pg_trgm); decision 0028.
    index('spaces_name_idx').on(t.name, t.id),
    index('spaces_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Space access requests (PENDING, ACCEPTED, REJECTED), kept for the admin's access-request list. */
export const spaceAccessRequests = pgTable(
  'space_access_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    status: text('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('space_access_requests_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops'))],
);
