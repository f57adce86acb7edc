import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import {
  SECTIONS_PAGE_SIZE,
  TEMPLATE_NAME_MAX,
  ZFieldInput,
  ZFieldOut,
  ZFieldPatch,
  ZIeQuestionInput,
  ZIeQuestionOut,
  ZIeQuestionPatch,
  ZIeSectionOut,
  ZIncidentOut,
  ZIncidentPatch,
  ZIncidentTemplate,
  ZQuestionInput,
  ZQuestionOut,
  ZQuestionPatch,
  ZSectionInput,
  ZSectionOut,
} from '../templates.js';
import { CORE, defineCall } from './define.js';

/** Inside a template's tree: its sections (cover/contact fields, questions, incident templates) and its IE sections. */
const SECTIONS = `${CORE}/sections`;
const IE = `${CORE}/ie-sections`;
const ZId = z.string().uuid();
const ZOk = z.object({ ok: z.literal(true) });

/** A paged search body with the calls document's page size for sections (35) as default. */
export const ZSectionSearchBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(SECTIONS_PAGE_SIZE) });
/** Moving an item: its new 0-based position among its siblings (clamped to the list). */
export const ZOrderBody = z.object({ position: z.number().int().min(0).max(10000) });
/** Where a new item goes among its siblings (default the end). */
const ZPosition = z.number().int().min(0).max(10000).optional();

const ZSection = z.object({ sectionId: ZId });
const ZField = ZSection.extend({ fieldId: ZId });
const ZQuestion = ZSection.extend({ questionId: ZId });
const ZIncident = ZQuestion.extend({ incidentId: ZId });
const ZIdParams = z.object({ id: ZId });
const missing = ['notFound'] as const;
const writing = ['notFound', 'outsideSpace'] as const;

/** /ms-core/api/sections: sections of templates. */
export const templateSectionCalls = {
  search: defineCall({
    name: 'templateSections.search',
    method: 'POST',
    path: `${SECTIONS}/search`,
    body: ZSectionSearchBody,
    response: z.array(ZSectionOut.partial()),
    page: true,
  }),
  get: defineCall({ name: 'templateSections.get', method: 'GET', path: `${SECTIONS}/:sectionId`, params: ZSection, response: ZSectionOut, errors: missing }),
  create: defineCall({
    name: 'templateSections.create',
    method: 'POST',
    path: SECTIONS,
    body: ZSectionInput.extend({ position: ZPosition }),
    response: ZSectionOut,
    errors: writing,
  }),
  update: defineCall({
    name: 'templateSections.update',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId`,
    params: ZSection,
    body: z.object({ _id: ZId.optional(), title: z.string().trim().max(TEMPLATE_NAME_MAX).optional(), duplicable: z.boolean().optional() }),
    response: ZSectionOut,
    errors: writing,
  }),
  remove: defineCall({ name: 'templateSections.remove', method: 'DELETE', path: `${SECTIONS}/:sectionId`, params: ZSection, response: ZOk, errors: writing }),
  move: defineCall({
    name: 'templateSections.move',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/order`,
    params: ZSection,
    body: ZOrderBody,
    response: z.array(ZSectionOut),
    errors: writing,
  }),

  addField: defineCall({
    name: 'templateSections.addField',
    method: 'POST',
    path: `${SECTIONS}/:sectionId/field/add`,
    params: ZSection,
    body: ZFieldInput.extend({ position: ZPosition }),
    response: ZFieldOut,
    errors: writing,
  }),
  updateField: defineCall({
    name: 'templateSections.updateField',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/field/:fieldId/update`,
    params: ZField,
    body: ZFieldPatch,
    response: ZFieldOut,
    errors: writing,
  }),
  removeField: defineCall({
    name: 'templateSections.removeField',
    method: 'DELETE',
    path: `${SECTIONS}/:sectionId/field/:fieldId/remove`,
    params: ZField,
    response: ZOk,
    errors: writing,
  }),
  moveField: defineCall({
    name: 'templateSections.moveField',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/field/:fieldId/order`,
    params: ZField,
    body: ZOrderBody,
    response: ZSectionOut,
    errors: writing,
  }),

  addQuestion: defineCall({
    name: 'templateSections.addQuestion',
    method: 'POST',
    path: `${SECTIONS}/:sectionId/question/add`,
    params: ZSection,
    body: ZQuestionInput.extend({ position: ZPosition }),
    response: ZQuestionOut,
    errors: writing,
  }),
  updateQuestion: defineCall({
    name: 'templateSections.updateQuestion',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/question/:questionId/update`,
    params: ZQuestion,
    body: ZQuestionPatch,
    response: ZQuestionOut,
    errors: writing,
  }),
  removeQuestion: defineCall({
    name: 'templateSections.removeQuestion',
    method: 'DELETE',
    path: `${SECTIONS}/:sectionId/question/:questionId/remove`,
    params: ZQuestion,
    response: ZOk,
    errors: writing,
  }),
  moveQuestion: defineCall({
    name: 'templateSections.moveQuestion',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/question/:questionId/order`,
    params: ZQuestion,
    body: ZOrderBody,
    response: ZSectionOut,
    errors: writing,
  }),

  addIncident: defineCall({
    name: 'templateSections.addIncident',
    method: 'POST',
    path: `${SECTIONS}/:sectionId/question/:questionId/incidents`,
    params: ZQuestion,
    body: ZIncidentTemplate,
    response: ZIncidentOut,
    errors: writing,
  }),
  updateIncident: defineCall({
    name: 'templateSections.updateIncident',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/question/:questionId/incidents/:incidentId`,
    params: ZIncident,
    body: ZIncidentPatch,
    response: ZIncidentOut,
    errors: writing,
  }),
  removeIncident: defineCall({
    name: 'templateSections.removeIncident',
    method: 'DELETE',
    path: `${SECTIONS}/:sectionId/question/:questionId/incidents/:incidentId`,
    params: ZIncident,
    response: ZOk,
    errors: writing,
  }),
};

/** /ms-core/api/ie-sections: the incident-and-emergency questionnaire sections of templates. */
export const ieSectionCalls = {
  search: defineCall({
    name: 'ieSections.search',
    method: 'POST',
    path: `${IE}/search`,
    body: ZSectionSearchBody,
    response: z.array(ZIeSectionOut.partial()),
    page: true,
  }),
  get: defineCall({ name: 'ieSections.get', method: 'GET', path: `${IE}/:id`, params: ZIdParams, response: ZIeSectionOut, errors: missing }),
  create: defineCall({
    name: 'ieSections.create',
    method: 'POST',
    path: IE,
    body: z.object({ template: ZId, title: z.string().trim().min(1).max(TEMPLATE_NAME_MAX), position: ZPosition }),
    response: ZIeSectionOut,
    errors: writing,
  }),
  update: defineCall({
    name: 'ieSections.update',
    method: 'PATCH',
    path: `${IE}/:id`,
    params: ZIdParams,
    body: z.object({ _id: ZId.optional(), title: z.string().trim().max(TEMPLATE_NAME_MAX).optional() }),
    response: ZIeSectionOut,
    errors: writing,
  }),
  remove: defineCall({ name: 'ieSections.remove', method: 'DELETE', path: `${IE}/:id`, params: ZIdParams, response: ZOk, errors: writing }),
  move: defineCall({
    name: 'ieSections.move',
    method: 'PATCH',
    path: `${IE}/:id/order`,
    params: ZIdParams,
    body: ZOrderBody,
    response: z.array(ZIeSectionOut),
    errors: writing,
  }),
  addQuestion: defineCall({
    name: 'ieSections.addQuestion',
    method: 'POST',
    path: `${IE}/:sectionId/question/add`,
    params: ZSection,
    body: ZIeQuestionInput.extend({ position: ZPosition }),
    response: ZIeQuestionOut,
    errors: writing,
  }),
  updateQuestion: defineCall({
    name: 'ieSections.updateQuestion',
    method: 'PATCH',
    path: `${IE}/:sectionId/question/:questionId/update`,
    params: ZQuestion,
    body: ZIeQuestionPatch,
    response: ZIeQuestionOut,
    errors: writing,
  }),
  removeQuestion: defineCall({
    name: 'ieSections.removeQuestion',
    method: 'DELETE',
    path: `${IE}/:sectionId/question/:questionId/remove`,
    params: ZQuestion,
    response: ZOk,
    errors: writing,
  }),
  moveQuestion: defineCall({
    name: 'ieSections.moveQuestion',
    method: 'PATCH',
    path: `${IE}/:sectionId/question/:questionId/order`,
    params: ZQuestion,
    body: ZOrderBody,
    response: ZIeSectionOut,
    errors: writing,
  }),
};
