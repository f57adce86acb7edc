import { and, eq, sql } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, type TSearchDefinition } from '../../platform/search.js';
import { cities, countries, states } from './tables.js';

/** Countries sort and present by the caller's language; the free text matches both names and codes. */
const countrySearch = (language: string): TSearchDefinition => ({
  fields: {
    name: { column: language === 'en' ? countries.nameEn : countries.nameEs, type: 'text' },
    nameEs: { column: countries.nameEs, type: 'text' },
    nameEn: { column: countries.nameEn, type: 'text' },
    code: { column: countries.code, type: 'text' },
    alpha3: { column: countries.alpha3, type: 'text' },
    _id: { column: countries.id, type: 'uuid', sortable: false },
  },
  searchColumns: [countries.nameEs, countries.nameEn, countries.code, countries.alpha3],
  defaultSort: { field: 'name', direction: 'asc' },
});

const stateSearch: TSearchDefinition = {
  fields: {
    name: { column: states.name, type: 'text' },
    code: { column: states.code, type: 'text' },
    _id: { column: states.id, type: 'uuid', sortable: false },
  },
  searchColumns: [states.name, states.code],
  defaultSort: { field: 'name', direction: 'asc' },
};

const citySearch: TSearchDefinition = {
  fields: {
    name: { column: cities.name, type: 'text' },
    officialName: { column: cities.officialName, type: 'text' },
    code: { column: cities.code, type: 'text' },
    _id: { column: cities.id, type: 'uuid', sortable: false },
  },
  searchColumns: [cities.name, cities.officialName, cities.code],
  defaultSort: { field: 'name', direction: 'asc' },
};

async function page<T>(tx: TDb, table: typeof countries | typeof states | typeof cities, where: ReturnType<typeof and>, q: ReturnType<typeof buildSearch>) {
  const items = (await tx
    .select()
    .from(table)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.offset)) as T[];
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return { items, total };
}

export type TCountry = typeof countries.$inferSelect;
export type TState = typeof states.$inferSelect;
export type TCity = typeof cities.$inferSelect;

export function searchCountries(tx: TDb, language: string, body: TSearchBody) {
  const q = buildSearch(countrySearch(language), body);
  return page<TCountry>(tx, countries, and(q.where), q);
}

export function searchStates(tx: TDb, countryId: string, body: TSearchBody) {
  const q = buildSearch(stateSearch, body);
  return page<TState>(tx, states, and(eq(states.countryId, countryId), q.where), q);
}

export function searchCities(tx: TDb, stateId: string, body: TSearchBody) {
  const q = buildSearch(citySearch, body);
  return page<TCity>(tx, cities, and(eq(cities.stateId, stateId), q.where), q);
}

export async function findCountry(tx: TDb, id: string) {
  const [row] = await tx.select().from(countries).where(eq(countries.id, id)).limit(1);
  return row;
}

export async function findState(tx: TDb, id: string) {
  const [row] = await tx.select().from(states).where(eq(states.id, id)).limit(1);
  return row;
}

export async function findCity(tx: TDb, id: string) {
  const [row] = await tx.select().from(cities).where(eq(cities.id, id)).limit(1);
  return row;
}
