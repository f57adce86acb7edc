import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import * as repo from './repo.js';

export const presentCountry = (c: repo.TCountry, language: string) => ({
  _id: c.id,
  code: c.code,
  alpha3: c.alpha3,
  numeric: c.numeric,
  name: language === 'en' ? c.nameEn : c.nameEs,
  nameEs: c.nameEs,
  nameEn: c.nameEn,
});
export const presentState = (s: repo.TState) => ({ _id: s.id, country: s.countryId, code: s.code, name: s.name });
export const presentCity = (c: repo.TCity) => ({ _id: c.id, state: c.stateId, code: c.code, name: c.name, officialName: c.officialName });

// Geography is global reference data: read in the request's transaction (the role may SELECT it), no tenant predicate.

export async function searchCountries(ctx: TModuleContext, caller: TAuth, language: string, body: TSearchBody) {
  const page = await scoped(ctx, caller, (tx) => repo.searchCountries(tx, language, body));
  return {
    items: project(
      page.items.map((c) => presentCountry(c, language)),
      body.projections,
    ),
    total: page.total,
  };
}

export async function searchStates(ctx: TModuleContext, caller: TAuth, countryId: string, body: TSearchBody) {
  const page = await scoped(ctx, caller, (tx) => repo.searchStates(tx, countryId, body));
  return { items: project(page.items.map(presentState), body.projections), total: page.total };
}

export async function searchCities(ctx: TModuleContext, caller: TAuth, stateId: string, body: TSearchBody) {
  const page = await scoped(ctx, caller, (tx) => repo.searchCities(tx, stateId, body));
  return { items: project(page.items.map(presentCity), body.projections), total: page.total };
}

async function getOne<T>(ctx: TModuleContext, caller: TAuth, find: (tx: TDb) => Promise<T | undefined>): Promise<T> {
  const row = await scoped(ctx, caller, find);
  if (!row) throw notFound();
  return row;
}

export const getCountry = async (ctx: TModuleContext, caller: TAuth, id: string, language: string) =>
  presentCountry(await getOne(ctx, caller, (tx) => repo.findCountry(tx, id)), language);
export const getState = async (ctx: TModuleContext, caller: TAuth, id: string) => presentState(await getOne(ctx, caller, (tx) => repo.findState(tx, id)));
export const getCity = async (ctx: TModuleContext, caller: TAuth, id: string) => presentCity(await getOne(ctx, caller, (tx) => repo.findCity(tx, id)));

export interface TLocation {
  country?: string | null;
  province?: string | null;
  municipality?: string | null;
}

/**
 * A location must hang together: the country exists (400 naming it), the province belongs to the
 * country (453) and the municipality to the province (456). A province needs a country and a
 * municipality a province, as the form's selects do.
 */
export async function assertLocation(tx: TDb, location: TLocation): Promise<void> {
  const { country, province, municipality } = location;
  if (country && !(await repo.findCountry(tx, country))) throw invalidData(['country']);
  if (province) {
    const state = await repo.findState(tx, province);
    if (!state || !country || state.countryId !== country) throw new AppError('provinceRefused', ['province']);
  }
  if (municipality) {
    const city = await repo.findCity(tx, municipality);
    if (!city || !province || city.stateId !== province) throw new AppError('municipalityRefused', ['municipality']);
  }
}
