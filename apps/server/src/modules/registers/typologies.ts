import type { FastifyInstance } from 'fastify';
import { TYPOLOGY_OUTPUT, typologyCalls, ZTypologyInput, type TTypology } from '@audit/domain/calls/register-templates';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { catalogueService, type TCatalogueDefinition } from '../nomenclatures/catalogue.js';
import { typologies } from './tables.js';

/** Typologies (fridge, freezer, pool vessel…): a nomenclature under the REGISTER permissions; `areaAccess` optional. */
export const typologyDef: TCatalogueDefinition = {
  table: typologies,
  module: 'REGISTER',
  section: 'typologies',
  input: ZTypologyInput,
  output: TYPOLOGY_OUTPUT,
  fields: { areaAccess: { column: typologies.areaAccess, type: 'text' } },
  toValues: (input) => (input.areaAccess !== undefined ? { areaAccess: input.areaAccess ?? null } : {}),
  present: (row) => ({ areaAccess: (row as { areaAccess?: string | null }).areaAccess ?? null }),
};
export const typologiesService = catalogueService(typologyDef);

/** The generic catalogue presents its extra fields untyped (`present` above adds areaAccess); the serializer checks the answer against ZTypology. */
const typology = (row: Promise<unknown>) => row as Promise<TTypology>;
const access = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(`REGISTER:${action}`);
const tags = ['typologies'];

/** /ms-core/api/typologies: the catalogue's search, one, create, update and delete (as catalogueRoutes, from the calls). */
export async function typologiesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const service = typologiesService;
  route(app, typologyCalls.search, {
    config: access('READ'),
    tags,
    summary: 'Paged search of typologies (own space, below and inherited)',
    handler: async (req, reply) => sendPage(reply, await service.search(ctx, requireAuth(req), req.body)),
  });
  route(app, typologyCalls.get, {
    config: access('READ'),
    tags,
    summary: 'One of typologies',
    handler: (req) => typology(service.get(ctx, requireAuth(req), req.params.id)),
  });
  route(app, typologyCalls.create, {
    config: access('CREATE'),
    tags,
    summary: "Create one of typologies in the caller's space",
    handler: (req) => typology(service.create(ctx, requireAuth(req), req.body)),
  });
  route(app, typologyCalls.update, {
    config: access('WRITE'),
    tags,
    summary: 'Update one of typologies (451 for an inherited one)',
    handler: (req) => typology(service.update(ctx, requireAuth(req), req.params.id, req.body)),
  });
  route(app, typologyCalls.remove, {
    config: access('DELETE'),
    tags,
    summary: 'Delete one of typologies (451 for an inherited one)',
    handler: async (req) => {
      await service.remove(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
}
