import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Geography is global reference data, not tenant rows: every signed-in user reads it, nobody writes
 * it through the API (no RLS; the migration grants SELECT to the request role). Identifiers are
 * derived from the codes (see data.ts), so they are the same in every database.
 */
export const countries = pgTable(
  'countries',
  {
    id: uuid('id').primaryKey(),
    /** ISO 3166-1 alpha-2. */
    code: text('code').notNull().unique(),
    alpha3: text('alpha3').notNull(),
    numeric: text('numeric').notNull(),
    nameEs: text('name_es').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [index('countries_name_es_idx').on(t.nameEs), index('countries_name_en_idx').on(t.nameEn)],
);

/** Provinces (Spain) or states: INE province code for Spain. */
export const states = pgTable(
  'states',
  {
    id: uuid('id').primaryKey(),
    countryId: uuid('country_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('states_country_idx').on(t.countryId, t.name), index('states_code_idx').on(t.code)],
);

/** Municipalities: INE code (province + municipality, 5 digits), a display name and the official one. */
export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey(),
    stateId: uuid('state_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    officialName: text('official_name').notNull(),
  },
  (t) => [index('cities_state_idx').on(t.stateId, t.name), index('cities_code_idx').on(t.code)],
);
