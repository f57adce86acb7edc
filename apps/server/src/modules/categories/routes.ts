import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZCategory, ZCategoryTree, ZCategoryTreeSearch } from '@audit/domain/categories';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZId, type TModuleContext } from '../../platform/http.js';
import { catalogueRoutes } from '../nomenclatures/catalogue.js';
import { categoriesService, categoryDef } from './definition.js';
import * as service from './service.js';

/** /ms-core/api/categories: categories of templates and registers (filter `type` on /search). */
export async function categoriesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await catalogueRoutes(categoryDef, categoriesService)(app, ctx);
  const r = typed(app);
  r.post('/:parentId/children', {
    config: { access: { permissions: ['CATEGORY:READ'] } },
    schema: {
      tags: ['categories'],
      summary: 'Paged search of the direct subcategories of a category',
      params: z.object({ parentId: ZId }),
      body: ZSearchBody,
      response: { 200: z.array(ZCategory.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchChildren(ctx, requireAuth(req), req.params.parentId, req.body)),
  });
  r.post('/search-categories-subcategories', {
    config: { access: { permissions: ['CATEGORY:READ'] } },
    schema: {
      tags: ['categories'],
      summary: 'The category tree of a type: top-level categories (paged) with all their subcategories nested',
      body: ZCategoryTreeSearch,
      response: { 200: z.array(ZCategoryTree) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchTree(ctx, requireAuth(req), req.body.type, req.body)),
  });
}
