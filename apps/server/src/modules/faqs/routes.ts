import type { FastifyInstance } from 'fastify';
import { faqCalls } from '@audit/domain/faqs/calls';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { requestLanguage } from '../../platform/language.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';

const tags = ['faqs'];

/** /ms-core/api/faqs (decision 0082). */
export async function faqsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, faqCalls.search, {
    // A session is enough: each caller reads their own view (policy.ts).
    config: { access: { permissions: [] } },
    tags,
    summary: "Paged search of the FAQs of the caller's view (every audience for those who write FAQs)",
    handler: async (req, reply) => sendPage(reply, await service.searchFaqs(ctx, requireAuth(req), req.body, requestLanguage(req))),
  });
  route(app, faqCalls.create, {
    config: { access: { permissions: ['FAQ:CREATE'] } },
    tags,
    summary: 'Create a FAQ in Spanish and English, last in the list',
    handler: (req) => service.createFaq(ctx, requireAuth(req), req.body),
  });
  route(app, faqCalls.update, {
    config: { access: { permissions: ['FAQ:WRITE'] } },
    tags,
    summary: "Replace a FAQ's texts and audience",
    handler: (req) => service.updateFaq(ctx, requireAuth(req), req.params.id, req.body),
  });
  route(app, faqCalls.remove, {
    config: { access: { permissions: ['FAQ:DELETE'] } },
    tags,
    summary: 'Delete a FAQ',
    handler: (req) => service.deleteFaq(ctx, requireAuth(req), req.params.id),
  });
  route(app, faqCalls.reorder, {
    config: { access: { permissions: ['FAQ:WRITE'] } },
    tags,
    summary: 'Put FAQs in a new order',
    handler: (req) => service.reorderFaqs(ctx, requireAuth(req), req.body.ids),
  });
}
