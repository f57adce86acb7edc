import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth, type TAuth } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, type TModuleContext } from '../../platform/http.js';
import { requestLanguage } from '../../platform/language.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { loadGeography } from './load.js';
import * as service from './service.js';

const ZCountry = z.object({
  _id: z.string(),
  code: z.string(),
  alpha3: z.string(),
  numeric: z.string(),
  name: z.string(),
  nameEs: z.string(),
  nameEn: z.string(),
});
const ZState = z.object({ _id: z.string(), country: z.string(), code: z.string(), name: z.string() });
const ZCity = z.object({ _id: z.string(), state: z.string(), code: z.string(), name: z.string(), officialName: z.string() });

/** The language of country names: an explicit header or Accept-Language, else the user's own. */
const languageOf = (req: FastifyRequest, caller: TAuth) =>
  req.headers['x-language'] || req.headers['accept-language'] ? requestLanguage(req) : caller.language;

/**
 * /ms-core/api/{countries,states,cities}: global reference data for every signed-in user. The
 * plugin makes sure the data is loaded when the app starts (idempotent; a no-op once loaded).
 */
export async function geographyRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await unsafeUnscoped(ctx.db, (tx) => loadGeography(tx)); // reviewed: global reference data, no tenant
  const r = typed(app);
  const signedIn = { access: { permissions: [] } };
  const tags = ['geography'];

  r.post('/countries/search', {
    config: signedIn,
    schema: { tags, summary: 'Paged search of countries (names in Spanish and English)', body: ZSearchBody, response: { 200: z.array(ZCountry.partial()) } },
    handler: async (req, reply) => {
      const caller = requireAuth(req);
      return sendPage(reply, await service.searchCountries(ctx, caller, languageOf(req, caller), req.body));
    },
  });
  r.get('/countries/:id', {
    config: signedIn,
    schema: { tags, summary: 'One country', params: ZIdParams, response: { 200: ZCountry } },
    handler: (req) => {
      const caller = requireAuth(req);
      return service.getCountry(ctx, caller, req.params.id, languageOf(req, caller));
    },
  });
  r.post('/states/:countryId/search', {
    config: signedIn,
    schema: {
      tags,
      summary: "Paged search of a country's provinces or states",
      params: z.object({ countryId: ZId }),
      body: ZSearchBody,
      response: { 200: z.array(ZState.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchStates(ctx, requireAuth(req), req.params.countryId, req.body)),
  });
  r.get('/states/:id', {
    config: signedIn,
    schema: { tags, summary: 'One province or state', params: ZIdParams, response: { 200: ZState } },
    handler: (req) => service.getState(ctx, requireAuth(req), req.params.id),
  });
  r.post('/cities/:stateId/search', {
    config: signedIn,
    schema: {
      tags,
      summary: "Paged search of a province's municipalities",
      params: z.object({ stateId: ZId }),
      body: ZSearchBody,
      response: { 200: z.array(ZCity.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchCities(ctx, requireAuth(req), req.params.stateId, req.body)),
  });
  r.get('/cities/:id', {
    config: signedIn,
    schema: { tags, summary: 'One municipality', params: ZIdParams, response: { 200: ZCity } },
    handler: (req) => service.getCity(ctx, requireAuth(req), req.params.id),
  });
}
