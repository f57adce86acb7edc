import { z } from 'zod';
import { TEMPLATE_PAGE_SIZE } from '@audit/domain/constants';
import { ZSearchBody } from '@audit/domain/search';
import { SECTIONS_PAGE_SIZE, ZReadingRegistryConfigOut, ZSelectConfigOut } from '@audit/domain/templates';

/** Response schemas: the allow-list of what leaves the server for templates and their trees. */
export const ZRef = z.object({ _id: z.string(), name: z.string() });
export const ZCategoryRef = ZRef.extend({ color: z.string().nullable() });

export const ZFieldOut = z.object({ _id: z.string(), section: z.string(), label: z.string(), type: z.string(), required: z.boolean(), value: z.string().nullable(), position: z.number() });

/** The stored configurations as answered: packages/domain's schemas (the web's types come from them). */
export const ZSelectOut = ZSelectConfigOut;
export const ZReadingRegistryOut = ZReadingRegistryConfigOut;

export const ZIncidentOut = z.object({
  _id: z.string(),
  question: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.string(),
  deductionPercentage: z.number(),
  tasks: z.array(z.object({ _id: z.string(), name: z.string() })),
  position: z.number(),
});

export const ZQuestionOut = z.object({
  _id: z.string(),
  section: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  position: z.number(),
  select: ZSelectOut.nullable(),
  readingRegistry: ZReadingRegistryOut.nullable(),
  text: z.object({ answerType: z.string() }).nullable(),
  /** Highest score the question can give (select questions with scoring; 0 otherwise). */
  maxScore: z.number(),
  incidents: z.array(ZIncidentOut),
});

export const ZSectionOut = z.object({
  _id: z.string(),
  template: z.string(),
  title: z.string(),
  type: z.string(),
  duplicable: z.boolean(),
  position: z.number(),
  /** Cover fields (DATA) or contact fields (CONTACTS), in order. */
  fields: z.array(ZFieldOut),
  questions: z.array(ZQuestionOut),
  maxScore: z.number(),
});

export const ZIeQuestionOut = z.object({ _id: z.string(), section: z.string(), question: z.string(), type: z.string(), position: z.number() });
export const ZIeSectionOut = z.object({ _id: z.string(), template: z.string(), title: z.string(), position: z.number(), questions: z.array(ZIeQuestionOut) });

export const ZTemplateSummary = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  language: z.string(),
  enabled: z.boolean(),
  category: ZCategoryRef.nullable(),
  service: ZRef.nullable(),
  areaAccess: ZRef.nullable(),
  sectionsCount: z.number(),
  questionsCount: z.number(),
  space: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean(), duplicate: z.boolean() }),
});
export const ZTemplateOut = ZTemplateSummary.extend({ sections: z.array(ZSectionOut), ieSections: z.array(ZIeSectionOut) });

/** Paged search bodies with the calls document's page sizes as defaults (templates 25, sections 35). */
export const ZTemplateSearchBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(TEMPLATE_PAGE_SIZE) });
export const ZSectionSearchBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(SECTIONS_PAGE_SIZE) });

/** Moving an item: its new 0-based position among its siblings (clamped to the list). */
export const ZOrderBody = z.object({ position: z.number().int().min(0).max(10000) });
