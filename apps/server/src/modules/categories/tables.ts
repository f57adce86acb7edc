import { text, uuid } from 'drizzle-orm/pg-core';
import { catalogueTable } from '../nomenclatures/catalogue-table.js';

/** Categories of audit templates (TEMPLATE) and of registers (REGISTER): a tree per type. */
export const categories = catalogueTable(
  'categories',
  {
    type: text('type').notNull(),
    color: text('color'),
    parentId: uuid('parent_id'),
  },
  { uniqueName: false, indexOn: ['type', 'parentId', 'color'] },
);
