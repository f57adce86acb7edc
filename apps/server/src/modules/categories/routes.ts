import type { FastifyInstance } from 'fastify';
import { categoryCalls } from '@audit/domain/calls/categories';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { catalogueRoutes } from '../nomenclatures/catalogue.js';
import { categoriesService, categoryDef } from './definition.js';
import * as service from './service.js';

/** /ms-core/api/categories: categories of templates and registers (filter `type` on /search). */
export async function categoriesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await catalogueRoutes(categoryDef, categoriesService, categoryCalls)(app, ctx);
  const tags = ['categories'];
  route(app, categoryCalls.children, {
    config: { access: { permissions: ['CATEGORY:READ'] } },
    tags,
    summary: 'Paged search of the direct subcategories of a category',
    handler: async (req, reply) => sendPage(reply, await service.searchChildren(ctx, requireAuth(req), req.params.parentId, req.body)),
  });
  route(app, categoryCalls.tree, {
    config: { access: { permissions: ['CATEGORY:READ'] } },
    tags,
    summary: 'The category tree of a type: top-level categories (paged) with all their subcategories nested',
    handler: async (req, reply) => sendPage(reply, await service.searchTree(ctx, requireAuth(req), req.body.type, req.body)),
  });
}
