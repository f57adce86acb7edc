import { z } from './zod.js';

/** Paged search contract (ARCHITECTURE.md, HTTP contract): array answer, total in x-total-count. */
export const SEARCH_OPERATORS = ['eq', 'ne', '$in', '$nin', 'contains', 'gt', 'gte', 'lt', 'lte', 'between', 'exists'] as const;
export type TSearchOperator = (typeof SEARCH_OPERATORS)[number];

export const TABLE_PAGE_SIZES = [10, 20, 50, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export const ZSearchFilter = z.object({
  field: z.string().min(1).max(64),
  operator: z.enum(SEARCH_OPERATORS).default('eq'),
  value: z.unknown(),
});

export const ZSearchBody = z.object({
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  page: z.coerce.number().int().min(0).default(0),
  search: z.string().max(200).optional().nullable(),
  /** A field name, `-field` for descending, or `{field: 1 | -1}`. */
  sort: z
    .union([z.string().max(64), z.record(z.string(), z.union([z.literal(1), z.literal(-1), z.literal('asc'), z.literal('desc')]))])
    .optional()
    .nullable(),
  filters: z.array(ZSearchFilter).max(50).default([]),
  projections: z.array(z.string().max(64)).max(100).optional().nullable(),
});

export type TSearchBody = z.infer<typeof ZSearchBody>;
export type TSearchFilter = z.infer<typeof ZSearchFilter>;

/** In constants.ts: the web reads it without loading this file's schemas (and zod) on the sign-in page. */
export { TOTAL_COUNT_HEADER } from './constants.js';

/**
 * A list of entity ids a call acts on (bulk status, bulk delete...). An empty list is the
 * catalogue's BADREQUESTERROR 410 "entity identifiers required", not a plain validation 400:
 * the issue carries `catalogue: 'idsRequired'`, which the server's error handler maps.
 */
export const zIdList = (max: number) =>
  z
    .array(z.string().uuid())
    .max(max)
    .refine((ids) => ids.length > 0, { message: 'entity identifiers required', params: { catalogue: 'idsRequired' } });
