import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TFaqAudience } from '@audit/domain/faqs/schemas';

/**
 * FAQs are a catalogue (decision 0082): written in a space, readable from the spaces below it. The
 * texts of each language are columns (null: no translation); `search_es` and `search_en` hold what
 * each language shows (with the other's fallback), as plain text without accents or capitals, so a
 * search for "higiene" finds "Higiene" and "Hígiene" alike.
 */
export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    questionEs: text('question_es'),
    questionEn: text('question_en'),
    answerEs: text('answer_es'),
    answerEn: text('answer_en'),
    audience: text('audience').$type<TFaqAudience>().notNull(),
    position: integer('position').notNull().default(0),
    searchEs: text('search_es').notNull().default(''),
    searchEn: text('search_en').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faqs_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')), index('faqs_position_idx').on(t.position, t.id)],
);
