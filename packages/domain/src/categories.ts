import { z } from './zod.js';
import { CATEGORY_TYPES } from './constants.js';
import { ZSearchBody } from './search.js';
import { catalogueItem, ZDescription, ZName } from './nomenclatures.js';

/**
 * Categories of templates (TEMPLATE) and registers (REGISTER): the request and response schemas of
 * /ms-core/api/categories, shared by the server's routes and the web (types inferred from them).
 */
const ZColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/);

/** Create body; a PATCH takes the same fields, all optional. */
export const ZCategoryInput = z.object({
  name: ZName,
  description: ZDescription,
  type: z.enum(CATEGORY_TYPES),
  color: ZColor.nullish().or(z.literal('')),
  parent: z.string().uuid().nullish(),
});
export const CATEGORY_OUTPUT = { type: z.string(), color: z.string().nullable(), parent: z.string().nullable() };
export const ZCategory = catalogueItem(CATEGORY_OUTPUT);
export type TCategory = z.infer<typeof ZCategory>;

/** A category with all its subcategories nested (POST /search-categories-subcategories). */
export type TCategoryTree = TCategory & { children: TCategoryTree[] };
export const ZCategoryTree: z.ZodType<TCategoryTree> = ZCategory.extend({ children: z.array(z.lazy(() => ZCategoryTree)) });
export const ZCategoryTreeSearch = ZSearchBody.extend({ type: z.enum(CATEGORY_TYPES) });

export type TCategoryInput = z.input<typeof ZCategoryInput>;
