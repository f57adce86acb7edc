import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pathIndex, tenantColumns } from '../../platform/columns.js';

/**
 * A user's private iCalendar link (decision 0087): one per user and space (the space the feed
 * reads in, the session's when it was made). Only the token's SHA-256 is kept: whoever reads the
 * database cannot subscribe to anyone's calendar. Rotating replaces the row, revoking deletes it.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
  },
  (t) => [
    pathIndex('calendar_feed_tokens', t.secureSpacePath),
    uniqueIndex('calendar_feed_tokens_user_key').on(t.userId, t.spaceId),
    uniqueIndex('calendar_feed_tokens_hash_key').on(t.tokenHash),
  ],
);
