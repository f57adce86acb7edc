import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CATEGORY_TYPES } from '@audit/domain/constants';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZId, type TModuleContext } from '../../platform/http.js';
import { catalogueRoutes } from '../nomenclatures/catalogue.js';
import { categoriesService, categoryDef } from './definition.js';
import * as service from './service.js';

const ZCategory = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  color: z.string().nullable(),
  parent: z.string().nullable(),
  space: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
type TTree = z.infer<typeof ZCategory> & { children: TTree[] };
const ZTree: z.ZodType<TTree> = ZCategory.extend({ children: z.array(z.lazy(() => ZTree)) });

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
      body: ZSearchBody.extend({ type: z.enum(CATEGORY_TYPES) }),
      response: { 200: z.array(ZTree) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchTree(ctx, requireAuth(req), req.body.type, req.body)),
  });
}
