import { z } from '@audit/domain/zod';
import type { TPage } from './client';

/**
 * A search's rows are partial on the wire (a projection may leave any field out, decision 0070's
 * page calls). A caller that asked for the fields of `schema` (or for no projection) checks each
 * row whole with it, rather than typing the rows so.
 */
export async function wholeRows<S extends z.ZodType>(schema: S, page: Promise<TPage<unknown>>): Promise<TPage<z.output<S>>> {
  const { items, total } = await page;
  return { items: z.array(schema).parse(items), total };
}

/** A selector's option as a search answers it with projections ['_id', 'name']. */
export const ZNamed = z.object({ _id: z.string(), name: z.string() });
export type TNamed = z.output<typeof ZNamed>;
