import type { z } from 'zod';
import type { TPage } from './client';

/**
 * A search call's answer is the item's schema made partial (a caller may ask for some keys only,
 * `projections`). A list that asks for none gets whole rows: they are checked here by the item's
 * full schema, so the screen reads typed rows without a cast.
 */
export const wholePage = <S extends z.ZodType>(schema: S, page: TPage<unknown>): TPage<z.output<S>> => ({
  items: page.items.map((item) => schema.parse(item)),
  total: page.total,
});
