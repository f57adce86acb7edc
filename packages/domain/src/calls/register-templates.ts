import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import {
  AREA_ACCESSES,
  REGISTER_NAME_MAX,
  ZOrderBody,
  ZRegisterItemInput,
  ZRegisterItemPatch,
  ZRegisterSectionInput,
  ZRegisterSectionOut,
  ZRegisterTemplateInput,
  ZRegisterTemplateOut,
  ZRegisterTemplatePatch,
} from '../registers.js';
import { catalogueItem, ZDescription, ZName } from '../nomenclatures.js';
import { CORE, REGISTRY, defineCall } from './define.js';

const ZId = z.string().uuid();
const ZIdParams = z.object({ id: ZId });
const ZOk = z.object({ ok: z.literal(true) });

const TEMPLATES = `${REGISTRY}/template-registers`;
const SECTIONS = `${REGISTRY}/register-sections`;

/** Register templates (decision 0031): the company's catalogue, in list order. */
export const registerTemplateCalls = {
  search: defineCall({
    name: 'registerTemplates.search',
    method: 'POST',
    path: `${TEMPLATES}/search`,
    body: ZSearchBody,
    response: z.array(ZRegisterTemplateOut.partial()),
    page: true,
  }),
  suggestedOrder: defineCall({
    name: 'registerTemplates.suggestedOrder',
    method: 'GET',
    path: `${TEMPLATES}/suggested-order`,
    response: z.object({ order: z.number() }),
  }),
  get: defineCall({ name: 'registerTemplates.get', method: 'GET', path: `${TEMPLATES}/:id`, params: ZIdParams, response: ZRegisterTemplateOut }),
  create: defineCall({ name: 'registerTemplates.create', method: 'POST', path: TEMPLATES, body: ZRegisterTemplateInput, response: ZRegisterTemplateOut }),
  update: defineCall({
    name: 'registerTemplates.update',
    method: 'PATCH',
    path: `${TEMPLATES}/:id`,
    params: ZIdParams,
    body: ZRegisterTemplatePatch,
    response: ZRegisterTemplateOut,
  }),
  remove: defineCall({ name: 'registerTemplates.remove', method: 'DELETE', path: `${TEMPLATES}/:id`, params: ZIdParams, response: ZOk }),
  duplicate: defineCall({
    name: 'registerTemplates.duplicate',
    method: 'POST',
    path: `${TEMPLATES}/:id/duplicate`,
    params: ZIdParams,
    response: ZRegisterTemplateOut,
  }),
  reorder: defineCall({
    name: 'registerTemplates.reorder',
    method: 'POST',
    path: `${TEMPLATES}/:id/reorder`,
    params: ZIdParams,
    body: ZOrderBody,
    response: ZRegisterTemplateOut,
  }),
};

const ZSection = z.object({ sectionId: ZId });
const ZField = ZSection.extend({ fieldId: ZId });
const ZParam = ZSection.extend({ id: ZId });

/** The sections of a register template, their fields (once per log sheet) and params (per facility and take); each answers the section. */
export const registerSectionCalls = {
  create: defineCall({ name: 'registerSections.create', method: 'POST', path: SECTIONS, body: ZRegisterSectionInput, response: ZRegisterSectionOut }),
  update: defineCall({
    name: 'registerSections.update',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId`,
    params: ZSection,
    body: z.object({ title: z.string().trim().min(1).max(REGISTER_NAME_MAX).optional() }),
    response: ZRegisterSectionOut,
  }),
  remove: defineCall({ name: 'registerSections.remove', method: 'DELETE', path: `${SECTIONS}/:sectionId`, params: ZSection, response: ZOk }),
  order: defineCall({
    name: 'registerSections.order',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/order`,
    params: ZSection,
    body: ZOrderBody,
    response: ZRegisterSectionOut,
  }),
  addField: defineCall({
    name: 'registerSections.addField',
    method: 'POST',
    path: `${SECTIONS}/:sectionId/field/add`,
    params: ZSection,
    body: ZRegisterItemInput,
    response: ZRegisterSectionOut,
  }),
  updateField: defineCall({
    name: 'registerSections.updateField',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/field/:fieldId/update`,
    params: ZField,
    body: ZRegisterItemPatch,
    response: ZRegisterSectionOut,
  }),
  orderField: defineCall({
    name: 'registerSections.orderField',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/field/:fieldId/order`,
    params: ZField,
    body: ZOrderBody,
    response: ZRegisterSectionOut,
  }),
  removeField: defineCall({
    name: 'registerSections.removeField',
    method: 'DELETE',
    path: `${SECTIONS}/:sectionId/field/:fieldId/remove`,
    params: ZField,
    response: ZRegisterSectionOut,
  }),
  addParam: defineCall({
    name: 'registerSections.addParam',
    method: 'POST',
    path: `${SECTIONS}/:sectionId/param/add`,
    params: ZSection,
    body: ZRegisterItemInput,
    response: ZRegisterSectionOut,
  }),
  updateParam: defineCall({
    name: 'registerSections.updateParam',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/param/:id/update`,
    params: ZParam,
    body: ZRegisterItemPatch,
    response: ZRegisterSectionOut,
  }),
  orderParam: defineCall({
    name: 'registerSections.orderParam',
    method: 'PATCH',
    path: `${SECTIONS}/:sectionId/param/:id/order`,
    params: ZParam,
    body: ZOrderBody,
    response: ZRegisterSectionOut,
  }),
  removeParam: defineCall({
    name: 'registerSections.removeParam',
    method: 'DELETE',
    path: `${SECTIONS}/:sectionId/param/:id/remove`,
    params: ZParam,
    response: ZRegisterSectionOut,
  }),
};

/** Typologies (fridge, freezer, pool vessel…): a catalogue under the REGISTER permissions, `areaAccess` optional. */
export const ZTypologyInput = z.object({ name: ZName, description: ZDescription.nullish().or(z.literal('')), areaAccess: z.enum(AREA_ACCESSES).nullish() });
export const TYPOLOGY_OUTPUT = { areaAccess: z.string().nullable() };
export const ZTypology = catalogueItem(TYPOLOGY_OUTPUT);
export type TTypology = z.infer<typeof ZTypology>;
const TYPOLOGIES = `${CORE}/typologies`;

export const typologyCalls = {
  search: defineCall({
    name: 'typologies.search',
    method: 'POST',
    path: `${TYPOLOGIES}/search`,
    body: ZSearchBody,
    response: z.array(ZTypology.partial()),
    page: true,
  }),
  get: defineCall({ name: 'typologies.get', method: 'GET', path: `${TYPOLOGIES}/:id`, params: ZIdParams, response: ZTypology }),
  create: defineCall({ name: 'typologies.create', method: 'POST', path: TYPOLOGIES, body: ZTypologyInput, response: ZTypology }),
  update: defineCall({
    name: 'typologies.update',
    method: 'PATCH',
    path: `${TYPOLOGIES}/:id`,
    params: ZIdParams,
    body: ZTypologyInput.partial(),
    response: ZTypology,
  }),
  remove: defineCall({ name: 'typologies.remove', method: 'DELETE', path: `${TYPOLOGIES}/:id`, params: ZIdParams, response: ZOk }),
};
