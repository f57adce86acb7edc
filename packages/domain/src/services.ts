import { z } from './zod.js';
import { BOUNDS, zBounded } from './bounds.js';
import { DESCRIPTION_MAX_LENGTH, IVA_GROUPS, SERVICE_TYPE, type TIvaGroup } from './constants.js';
import { ZOptionalText } from './fields.js';
import { ZName } from './nomenclatures.js';

/**
 * Services and the services-templates goal of a space, shared by the server and the browser
 * (product document, section 3: Service; "Services-templates goal entries: service, valueGoal,
 * templates"). The server's routes validate and filter with these; the web's types are inferred.
 */
const ZId = z.string().uuid();

/** The goal a service gets in its company's goals when it is created (docs/decisions/0023). */
export const DEFAULT_VALUE_GOAL = 80;

/** The fields a service adds to a catalogue row (name, description, space, dates, can). */
export const ZServiceFields = z.object({
  category: z.string().nullable(),
  executionTime: z.number(),
  price: z.number(),
  groupIva: z.string(),
  ivaPercentage: z.number(),
  salesAccount: z.number(),
  code: z.string().nullable(),
  type: z.string(),
  isPoolService: z.boolean(),
});

const IVA_GROUP_NAMES = Object.keys(IVA_GROUPS) as [TIvaGroup, ...TIvaGroup[]];

/**
 * A service's create body (product document, sections 3 and 5): name, executionTime, price (euros)
 * and salesAccount required; groupIva typeA (0 %, the default), typeB (10 %) or typeC (21 %);
 * category is a service category the caller can see. `type` is always SERVICE; isPoolService
 * (default false) marks pool audits. A PATCH takes the same fields, all optional.
 */
export const ZServiceInput = z.object({
  name: ZName,
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).nullish(),
  category: z.string().uuid().nullish(),
  executionTime: zBounded(BOUNDS.executionTime),
  price: zBounded(BOUNDS.servicePrice),
  groupIva: z.enum(IVA_GROUP_NAMES).optional(),
  salesAccount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  code: ZOptionalText(100),
  type: z.literal(SERVICE_TYPE).optional(),
  /** Pool services show the pool contact fields in audits. */
  isPoolService: z.boolean().optional(),
});
export type TServiceInput = z.input<typeof ZServiceInput>;

export const ZService = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ...ZServiceFields.shape,
  space: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TService = z.infer<typeof ZService>;

/** A service offered in a space: the service with its goal there (POST spaces/{id}/services). */
export const ZSpaceService = ZService.extend({ valueGoal: z.number().nullable(), templates: z.array(z.string()) });
export type TSpaceService = z.infer<typeof ZSpaceService>;

/** One entry of a space's goal: the service, its goal (a percentage) and the templates used (none: any of the service). */
export const ZGoalInput = z.object({
  service: ZId,
  valueGoal: z.number().int().min(0).max(100),
  templates: z.array(ZId).max(200).default([]),
});
export const ZGoalsBody = z.object({ servicesTemplatesGoal: z.array(ZGoalInput).max(200) });
export type TGoalInput = z.input<typeof ZGoalInput>;

export const ZGoal = z.object({ service: z.string(), valueGoal: z.number(), templates: z.array(z.string()), createdAt: z.string() });
export type TGoal = z.infer<typeof ZGoal>;

/**
 * The goals in effect in a space: its own, else those of the nearest space above it that has
 * any (its client, then the company). `from` names that space; null when no space on the way has goals.
 */
export const ZGoalsInEffect = z.object({
  from: z.object({ _id: z.string(), name: z.string(), typeStructure: z.string() }).nullable(),
  own: z.boolean(),
  goals: z.array(ZGoal),
});
export type TGoalsInEffect = z.infer<typeof ZGoalsInEffect>;
