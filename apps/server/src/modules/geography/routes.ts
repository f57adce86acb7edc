import type { FastifyInstance, FastifyRequest } from 'fastify';
import { geographyCalls } from '@audit/domain/calls/geography';
import { requireAuth, type TAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { requestLanguage } from '../../platform/language.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { loadGeography } from './load.js';
import * as service from './service.js';

/** The language of country names: an explicit header or Accept-Language, else the user's own. */
const languageOf = (req: FastifyRequest, caller: TAuth) =>
  req.headers['x-language'] || req.headers['accept-language'] ? requestLanguage(req) : caller.language;

/**
 * /ms-core/api/{countries,states,cities}: global reference data for every signed-in user. The
 * plugin makes sure the data is loaded when the app starts (idempotent; a no-op once loaded).
 */
export async function geographyRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await unsafeUnscoped(ctx.db, (tx) => loadGeography(tx)); // reviewed: global reference data, no tenant
  const signedIn = { access: { permissions: [] } };
  const tags = ['geography'];

  route(app, geographyCalls.searchCountries, {
    config: signedIn,
    tags,
    summary: 'Paged search of countries (names in Spanish and English)',
    handler: async (req, reply) => {
      const caller = requireAuth(req);
      return sendPage(reply, await service.searchCountries(ctx, caller, languageOf(req, caller), req.body));
    },
  });
  route(app, geographyCalls.country, {
    config: signedIn,
    tags,
    summary: 'One country',
    handler: (req) => {
      const caller = requireAuth(req);
      return service.getCountry(ctx, caller, req.params.id, languageOf(req, caller));
    },
  });
  route(app, geographyCalls.searchStates, {
    config: signedIn,
    tags,
    summary: "Paged search of a country's provinces or states",
    handler: async (req, reply) => sendPage(reply, await service.searchStates(ctx, requireAuth(req), req.params.countryId, req.body)),
  });
  route(app, geographyCalls.state, {
    config: signedIn,
    tags,
    summary: 'One province or state',
    handler: (req) => service.getState(ctx, requireAuth(req), req.params.id),
  });
  route(app, geographyCalls.searchCities, {
    config: signedIn,
    tags,
    summary: "Paged search of a province's municipalities",
    handler: async (req, reply) => sendPage(reply, await service.searchCities(ctx, requireAuth(req), req.params.stateId, req.body)),
  });
  route(app, geographyCalls.city, {
    config: signedIn,
    tags,
    summary: 'One municipality',
    handler: (req) => service.getCity(ctx, requireAuth(req), req.params.id),
  });
}
