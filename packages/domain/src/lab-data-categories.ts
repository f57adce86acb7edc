import { LAB_DATA_AREAS } from './constants.js';

/**
 * The lab-data categories alone (decision 0044), without the schemas of lab-data.ts: the web's
 * manifest reads them, and the manifest is in the sign-in page's first chunk (no zod there, 0051).
 */
/** The four lab-data pages (`/lab-data/{category}`), each gated by one labDataAccess entry. */
export const LAB_CATEGORIES = ['food', 'pool', 'legionella', 'others'] as const;
export type TLabCategory = (typeof LAB_CATEGORIES)[number];

/** The labDataAccess entry (user form) that grants a category. */
export const LAB_ACCESS_OF: Record<TLabCategory, (typeof LAB_DATA_AREAS)[number]> = {
  food: 'labDataFood',
  pool: 'labDataPool',
  legionella: 'labDataLegionella',
  others: 'labDataOthers',
};

/** Categories a labDataAccess list lets a user see: every category when the list is empty (§6). */
export const labCategoriesFor = (access: readonly string[]): TLabCategory[] =>
  access.length ? LAB_CATEGORIES.filter((c) => access.includes(LAB_ACCESS_OF[c])) : [...LAB_CATEGORIES];
