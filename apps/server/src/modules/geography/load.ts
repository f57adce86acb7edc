import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { cities, countries, states } from './tables.js';
import { countryRows, spanishCityRows, spanishStateRows } from './data.js';

const BATCH = 1000;

async function insertAll(tx: TDb, table: typeof countries | typeof states | typeof cities, rows: object[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + BATCH) as never)
      .onConflictDoNothing();
  }
}

/**
 * Loads the reference geography when the tables do not hold it all yet. Idempotent (ids derive from
 * the codes, inserts skip existing rows) and fast: one multi-row insert per 1,000 rows.
 * Returns the counts and whether anything was written.
 */
export async function loadGeography(tx: TDb) {
  const all = { countries: countryRows(), states: spanishStateRows(), cities: spanishCityRows() };
  const result = await tx.execute<{ countries: number; states: number; cities: number }>(
    sql`select (select count(*)::int from countries) as countries, (select count(*)::int from states) as states, (select count(*)::int from cities) as cities`,
  );
  const have = result.rows[0]!;
  const complete = have.countries >= all.countries.length && have.states >= all.states.length && have.cities >= all.cities.length;
  if (!complete) {
    await insertAll(tx, countries, all.countries);
    await insertAll(tx, states, all.states);
    await insertAll(tx, cities, all.cities);
  }
  return { loaded: !complete, countries: all.countries.length, states: all.states.length, cities: all.cities.length };
}
