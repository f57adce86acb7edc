import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { CORE, defineCall } from './define.js';

const BASE = `${CORE}/traces`;
const ZId = z.string().uuid();

/** One entry of the audit trail (the search answers only the projected keys). */
export const ZTrace = z.object({
  _id: z.string(),
  type: z.string(),
  owner: z.string().nullable(),
  ownerName: z.string().nullable(),
  entity: z.string().nullable(),
  module: z.string(),
  section: z.string(),
  payload: z.unknown(),
  date: z.string(),
});
export type TTrace = z.infer<typeof ZTrace>;

/** The audit trail, read only. */
export const traceCalls = {
  search: defineCall({
    name: 'traces.search',
    method: 'POST',
    path: `${BASE}/search`,
    body: ZSearchBody.extend({ space: z.string().uuid().optional() }),
    response: z.array(ZTrace.partial()),
    page: true,
  }),
  get: defineCall({ name: 'traces.get', method: 'GET', path: `${BASE}/:id`, params: z.object({ id: ZId }), response: ZTrace, errors: ['notFound'] }),
};
