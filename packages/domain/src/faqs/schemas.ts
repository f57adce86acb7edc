import { z } from '../zod.js';
import { LANGUAGES, type TLanguage } from '../constants.js';
import { ZOptionalText, ZUuid } from '../fields.js';
import { ZSearchBody } from '../search.js';

/**
 * Frequently asked questions (decision 0082): written by an administrator of a space (FAQ:CREATE,
 * FAQ:WRITE, FAQ:DELETE) in Spanish and English, read by the spaces below as a catalogue. Each FAQ
 * is for auditors, for clients or for all; `/faqs-view` shows auditors theirs and everyone's,
 * `/faqs-view-client` the clients'. The answer is a small Markdown subset (paragraphs, **bold**,
 * *italic*, lists, links), never HTML: the web renders it to elements itself.
 */
export const FAQ_AUDIENCES = ['AUDITOR', 'CLIENT', 'ALL'] as const;
export type TFaqAudience = (typeof FAQ_AUDIENCES)[number];
/** The two views of the product document's sidebar: the auditor's and the client's. */
export const FAQ_VIEWS = ['AUDITOR', 'CLIENT'] as const;
export type TFaqView = (typeof FAQ_VIEWS)[number];

export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 10_000;
/** The most FAQs one reorder names (a space's whole list, in practice a few dozen). */
export const FAQ_ORDER_MAX = 1000;

/** The audiences a view shows: its own and ALL. */
export const audiencesOfView = (view: TFaqView): TFaqAudience[] => [view, 'ALL'];

/** One text in both languages; an empty one is null (no translation). */
const zTexts = (max: number) => z.strictObject({ es: ZOptionalText(max), en: ZOptionalText(max) });

/**
 * A FAQ as written. Each language holds the question and its answer together, or neither; at
 * least one language does (the other falls back to it when read).
 */
export const ZFaqWrite = z
  .strictObject({
    question: zTexts(FAQ_QUESTION_MAX),
    answer: zTexts(FAQ_ANSWER_MAX),
    audience: z.enum(FAQ_AUDIENCES),
  })
  .superRefine((faq, ctx) => {
    let complete = 0;
    for (const language of LANGUAGES) {
      const question = faq.question[language];
      const answer = faq.answer[language];
      if (question && answer) complete++;
      else if (question) ctx.addIssue({ code: 'custom', path: ['answer', language], message: 'required with its question' });
      else if (answer) ctx.addIssue({ code: 'custom', path: ['question', language], message: 'required with its answer' });
    }
    if (complete === 0 && !faq.question.es && !faq.answer.es && !faq.question.en && !faq.answer.en)
      ctx.addIssue({ code: 'custom', path: ['question', 'es'], message: 'one language at least' });
  });
export type TFaqWrite = z.input<typeof ZFaqWrite>;

const ZTextsOut = z.object({ es: z.string().nullable(), en: z.string().nullable() });

export const ZFaq = z.object({
  _id: z.string(),
  question: ZTextsOut,
  answer: ZTextsOut,
  audience: z.enum(FAQ_AUDIENCES),
  /** The place in the list (ascending). */
  position: z.number(),
  /** The space whose administrators wrote it (the spaces below read it). */
  space: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with it: an ancestor's FAQ is read only. */
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TFaq = z.infer<typeof ZFaq>;

/**
 * The paged search: `view` limits it to one view's audiences (within what the caller may read: a
 * caller who does not write FAQs reads only their own view's); `language` is the one whose texts `search` looks in (the request's
 * language when absent). Filters: audience; sorts: position (default), createdAt, updatedAt.
 */
export const ZFaqSearch = z.strictObject({
  ...ZSearchBody.shape,
  view: z.enum(FAQ_VIEWS).optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type TFaqSearch = z.input<typeof ZFaqSearch>;

/** The new order of FAQs of the caller's space: first to last, each once. */
export const ZFaqOrder = z.strictObject({
  ids: z
    .array(ZUuid)
    .min(1)
    .max(FAQ_ORDER_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'each id once' }),
});
export type TFaqOrder = z.input<typeof ZFaqOrder>;

/** The FAQ's question and answer in a language, or in the other one when it has no translation. */
export function faqIn(faq: { question: Record<TLanguage, string | null>; answer: Record<TLanguage, string | null> }, language: TLanguage) {
  const shown: TLanguage = faq.question[language] && faq.answer[language] ? language : language === 'es' ? 'en' : 'es';
  return { language: shown, question: faq.question[shown] ?? '', answer: faq.answer[shown] ?? '' };
}
