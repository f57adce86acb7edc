import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mailed (or texted) link's key, stored as its SHA-256 (decision 0040): single use
 * (used_at), with an expiry. Never readable by the tenant role: only this module, unscoped.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').$type<TLinkKind>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id'),
    /** The invitation or access request the link acts on. */
    subjectId: uuid('subject_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong guesses against a short code (PHONE): at PHONE_CODE_ATTEMPTS the code is spent. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_links_user_idx').on(t.userId, t.kind), index('account_links_subject_idx').on(t.subjectId, t.kind)],
);
/** SOCIAL: a Google sign-in's state, never e-mailed (decision 0046). */
export type TLinkKind = 'RECOVER' | 'CONFIRM' | 'INVITE' | 'ACCESS' | 'PHONE' | 'SOCIAL';

/** Salts of solved captchas, kept until they expire, so a solution is used once. */
export const captchaSpent = pgTable('captcha_spent', {
  salt: text('salt').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The access an invitation gives, checked when it was sent: the spaces the person becomes a member
 * of (the first is the invitation's own space; empty: the invitation's space alone, the whole of
 * it) and the user form's access lists.
 */
export interface TInvitationAccess {
  spaces: { id: string; secureSpacePath: string }[];
  accessServices: string[];
  registersAccess: { areaAccess: string; category?: string; registers?: string[] }[];
  labDataAccess: string[];
}

/** An administrator's invitation to join a space with a role: PENDING → ACCEPTED | CANCEL. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    email: text('email').notNull(),
    roleId: uuid('role_id'),
    status: text('status').$type<'PENDING' | 'ACCEPTED' | 'CANCEL'>().notNull().default('PENDING'),
    language: text('language').$type<'es' | 'en'>().notNull().default('es'),
    invitedBy: uuid('invited_by'),
    /** What the person will see (decision 0062); null (older rows, accepted access requests): the whole space. */
    access: jsonb('access').$type<TInvitationAccess>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_pending_key')
      .on(t.spaceId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'PENDING'`),
    index('invitations_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('invitations_created_idx').on(t.createdAt, t.id),
  ],
);

/** A stranger's request to join a space (the anonymous "access request"): PENDING → ACCEPTED | REJECTED. */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    message: text('message'),
    language: text('language').$type<'es' | 'en'>().notNull().default('es'),
    status: text('status').$type<'PENDING' | 'ACCEPTED' | 'REJECTED'>().notNull().default('PENDING'),
    processedBy: uuid('processed_by'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('join_requests_pending_key')
      .on(t.spaceId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'PENDING'`),
    index('join_requests_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('join_requests_created_idx').on(t.createdAt, t.id),
  ],
);
