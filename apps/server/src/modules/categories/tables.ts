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
  // Names are unique among the siblings of a type (the service checks first; the index settles races).
  { uniqueNameWithin: ['type', 'parentId'], indexOn: ['type', 'parentId', 'color'] },
);
