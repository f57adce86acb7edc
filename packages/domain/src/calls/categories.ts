import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { CATEGORY_OUTPUT, ZCategory, ZCategoryInput, ZCategoryTree, ZCategoryTreeSearch } from '../categories.js';
import { CORE, defineCall } from './define.js';
import { catalogueCalls } from './nomenclatures.js';

const BASE = `${CORE}/categories`;

/** Categories of templates and registers: the catalogue's five calls, a category's children and a type's tree. */
export const categoryCalls = {
  ...catalogueCalls('categories', BASE, ZCategoryInput, CATEGORY_OUTPUT),
  children: defineCall({
    name: 'categories.children',
    method: 'POST',
    path: `${BASE}/:parentId/children`,
    params: z.object({ parentId: z.string().uuid() }),
    body: ZSearchBody,
    response: z.array(ZCategory.partial()),
    page: true,
    errors: ['notFound'],
  }),
  tree: defineCall({
    name: 'categories.tree',
    method: 'POST',
    path: `${BASE}/search-categories-subcategories`,
    body: ZCategoryTreeSearch,
    response: z.array(ZCategoryTree),
    page: true,
  }),
};
