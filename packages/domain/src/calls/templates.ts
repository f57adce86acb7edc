import { z } from '../zod.js';
import { TEMPLATE_PAGE_SIZE } from '../constants.js';
import { ZSearchBody } from '../search.js';
import { ZTemplateInput, ZTemplateOut, ZTemplatePatch, ZTemplateSummary } from '../templates.js';
import { CORE, defineCall } from './define.js';

/** The audit templates (the catalogue of the company's space); their trees' calls are in template-sections.ts. */
const BASE = `${CORE}/audit-templates`;
const ZId = z.string().uuid();
const ZIdParams = z.object({ id: ZId });
const ZOk = z.object({ ok: z.literal(true) });

/** A paged search body with the calls document's page size for templates (25) as default. */
export const ZTemplateSearchBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(TEMPLATE_PAGE_SIZE) });

/**
 * A page of template summaries: `projections` may narrow each one (`_id` always stays), so every
 * other key may be missing. A caller that sends no projections gets whole summaries
 * (`ZTemplateSummary`), one that sends some gets those (`ZTemplateSummary.pick(...)`).
 */
const ZTemplatePage = z.array(ZTemplateSummary.partial());

export const templateCalls = {
  search: defineCall({ name: 'templates.search', method: 'POST', path: `${BASE}/search`, body: ZTemplateSearchBody, response: ZTemplatePage, page: true }),
  clientsSearch: defineCall({
    name: 'templates.clientsSearch',
    method: 'POST',
    path: `${BASE}/clients/search`,
    body: ZTemplateSearchBody.extend({ client: ZId.optional(), establishment: ZId.optional() }),
    response: ZTemplatePage,
    page: true,
  }),
  get: defineCall({ name: 'templates.get', method: 'GET', path: `${BASE}/:id`, params: ZIdParams, response: ZTemplateOut, errors: ['notFound'] }),
  create: defineCall({ name: 'templates.create', method: 'POST', path: BASE, body: ZTemplateInput, response: ZTemplateOut, errors: ['notFound'] }),
  update: defineCall({
    name: 'templates.update',
    method: 'PATCH',
    path: `${BASE}/:id`,
    params: ZIdParams,
    body: ZTemplatePatch,
    response: ZTemplateOut,
    errors: ['notFound', 'outsideSpace'],
  }),
  remove: defineCall({
    name: 'templates.remove',
    method: 'DELETE',
    path: `${BASE}/:id`,
    params: ZIdParams,
    response: ZOk,
    errors: ['notFound', 'outsideSpace'],
  }),
  duplicate: defineCall({
    name: 'templates.duplicate',
    method: 'POST',
    path: `${BASE}/:id/duplicate`,
    params: ZIdParams,
    response: ZTemplateOut,
    errors: ['notFound'],
  }),
  setEnabled: defineCall({
    name: 'templates.setEnabled',
    method: 'PATCH',
    path: `${BASE}/:id/enabled`,
    params: ZIdParams,
    body: z.object({ enabled: z.boolean() }),
    response: ZTemplateOut,
    errors: ['notFound', 'outsideSpace', 'templateEmpty', 'templateWithoutService', 'templateWithoutFacilityType'],
  }),
  check: defineCall({
    name: 'templates.check',
    method: 'POST',
    path: `${BASE}/:id/check`,
    params: ZIdParams,
    response: ZOk,
    errors: ['notFound', 'templateEmpty', 'templateWithoutService', 'templateWithoutFacilityType'],
  }),
};
