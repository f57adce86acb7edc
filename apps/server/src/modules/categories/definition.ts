import { sql } from 'drizzle-orm';
import { CATEGORY_OUTPUT, ZCategoryInput } from '@audit/domain/categories';
import { CATEGORY_TYPES } from '@audit/domain/constants';
import { AppError, invalidData } from '../../platform/errors.js';
import { catalogueService, type TCatalogueDefinition } from '../nomenclatures/catalogue.js';
import { descendantsOf, hasChildren } from './repo.js';
import { categories } from './tables.js';

/**
 * Categories of templates (TEMPLATE) and registers (REGISTER): name and description required,
 * an optional colour, and an optional parent of the same type (a tree). Names are unique among
 * siblings of a type; a category with children cannot be deleted (420, field children).
 */
export const categoryDef: TCatalogueDefinition = {
  table: categories,
  module: 'CATEGORY',
  section: 'categories',
  input: ZCategoryInput,
  output: CATEGORY_OUTPUT,
  fields: {
    type: { column: categories.type, type: 'enum', values: CATEGORY_TYPES },
    color: { column: categories.color, type: 'text' },
    parent: { column: categories.parentId, type: 'uuid' },
  },
  toValues: (input) => ({
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.color !== undefined ? { color: input.color || null } : {}),
    ...(input.parent !== undefined ? { parentId: input.parent ?? null } : {}),
  }),
  present: (row) => ({ type: row.type, color: row.color ?? null, parent: row.parentId ?? null }),
  sameNameScope: (input, before) => {
    const type = (input.type ?? before?.type) as string;
    const parent = input.parent !== undefined ? input.parent : ((before?.parentId as string | null) ?? null);
    return sql`${categories.type} = ${type} and ${parent ? sql`${categories.parentId} = ${parent}` : sql`${categories.parentId} is null`}`;
  },
  validate: async (tx, caller, input, before) => {
    if (!before && !input.type) throw invalidData(['type']);
    const type = (input.type ?? before?.type) as string;
    if (before && input.type && input.type !== before.type && (await hasChildren(tx, before.id))) throw invalidData(['type']);
    const parentId = (input.parent !== undefined ? input.parent : before?.parentId) as string | null | undefined;
    if (!parentId) return;
    const parent = await categoriesService.repo.find(tx, caller, parentId);
    if (!parent || parent.type !== type) throw invalidData(['parent']);
    if (before && (parentId === before.id || (await descendantsOf(tx, caller, [before.id])).some((d) => d.id === parentId))) throw invalidData(['parent']);
  },
  beforeDelete: async (tx, _caller, row) => {
    if (await hasChildren(tx, row.id)) throw new AppError('alreadyExists', ['children']);
  },
};

export const categoriesService = catalogueService(categoryDef);
