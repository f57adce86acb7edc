import { z } from '../zod.js';
import { CORE, defineCall } from '../calls/define.js';
import { ZFaq, ZFaqOrder, ZFaqSearch, ZFaqWrite } from './schemas.js';

const FAQS = `${CORE}/faqs`;
const ZIdParams = z.object({ id: z.string().uuid() });
const ZOk = z.object({ ok: z.literal(true) });

/** The FAQs (decision 0082): the calls document defines none; these follow the rest of the API. */
export const faqCalls = {
  /** The FAQs the caller may read, in order; `view` for one view, `search` in `language`'s texts. */
  search: defineCall({ name: 'faqs.search', method: 'POST', path: `${FAQS}/search`, body: ZFaqSearch, response: z.array(ZFaq), page: true }),
  create: defineCall({ name: 'faqs.create', method: 'POST', path: FAQS, body: ZFaqWrite, response: ZFaq }),
  /** Replaces the FAQ's texts and audience (its place stays). */
  update: defineCall({ name: 'faqs.update', method: 'PUT', path: `${FAQS}/:id`, params: ZIdParams, body: ZFaqWrite, response: ZFaq, errors: ['notFound'] }),
  remove: defineCall({ name: 'faqs.remove', method: 'DELETE', path: `${FAQS}/:id`, params: ZIdParams, response: ZOk, errors: ['notFound'] }),
  /** Puts the listed FAQs in that order (the others keep their places). */
  reorder: defineCall({ name: 'faqs.reorder', method: 'POST', path: `${FAQS}/reorder`, body: ZFaqOrder, response: ZOk, errors: ['notFound'] }),
};
