import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { CORE, defineCall } from './define.js';

const ZId = z.string().uuid();
const ZIdParams = z.object({ id: ZId });

export const ZCountry = z.object({
  _id: z.string(),
  code: z.string(),
  alpha3: z.string(),
  numeric: z.string(),
  name: z.string(),
  nameEs: z.string(),
  nameEn: z.string(),
});
export const ZState = z.object({ _id: z.string(), country: z.string(), code: z.string(), name: z.string() });
export const ZCity = z.object({ _id: z.string(), state: z.string(), code: z.string(), name: z.string(), officialName: z.string() });
export type TCountry = z.infer<typeof ZCountry>;
export type TState = z.infer<typeof ZState>;
export type TCity = z.infer<typeof ZCity>;

/** /ms-core/api/{countries,states,cities}: global reference data for every signed-in user. */
export const geographyCalls = {
  /** Countries (names in Spanish and English). */
  searchCountries: defineCall({
    name: 'geography.searchCountries',
    method: 'POST',
    path: `${CORE}/countries/search`,
    body: ZSearchBody,
    response: z.array(ZCountry.partial()),
    page: true,
  }),
  country: defineCall({ name: 'geography.country', method: 'GET', path: `${CORE}/countries/:id`, params: ZIdParams, response: ZCountry, errors: ['notFound'] }),
  /** A country's provinces or states. */
  searchStates: defineCall({
    name: 'geography.searchStates',
    method: 'POST',
    path: `${CORE}/states/:countryId/search`,
    params: z.object({ countryId: ZId }),
    body: ZSearchBody,
    response: z.array(ZState.partial()),
    page: true,
  }),
  state: defineCall({ name: 'geography.state', method: 'GET', path: `${CORE}/states/:id`, params: ZIdParams, response: ZState, errors: ['notFound'] }),
  /** A province's municipalities. */
  searchCities: defineCall({
    name: 'geography.searchCities',
    method: 'POST',
    path: `${CORE}/cities/:stateId/search`,
    params: z.object({ stateId: ZId }),
    body: ZSearchBody,
    response: z.array(ZCity.partial()),
    page: true,
  }),
  city: defineCall({ name: 'geography.city', method: 'GET', path: `${CORE}/cities/:id`, params: ZIdParams, response: ZCity, errors: ['notFound'] }),
};
