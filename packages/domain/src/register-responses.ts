import { z } from './zod.js';
import { AREA_ACCESSES, CLASSIFICATIONS, FREQUENCIES, ITEM_KINDS, PARAM_TYPES, REGISTER_STATUSES } from './register-schedule.js';

/** What the register calls answer (docs/decisions/0031, 0036, 0037): the allow-list of what leaves the server. */

// ---------------------------------------------------------------------------------------------
// Response schemas (the allow-list of what leaves the server).

const ZRef = z.object({ _id: z.string(), name: z.string() });
export const ZRegisterItemOut = z.object({
  _id: z.string(),
  type: z.enum(ITEM_KINDS),
  name: z.string(),
  fieldType: z.enum(PARAM_TYPES),
  selectOption: z.string().nullable(),
  unit: z.string().nullable(),
  operation: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  required: z.boolean(),
  position: z.number(),
});
export const ZRegisterSectionOut = z.object({
  _id: z.string(),
  template: z.string(),
  title: z.string(),
  position: z.number(),
  fields: z.array(ZRegisterItemOut),
  params: z.array(ZRegisterItemOut),
});
export const ZRegisterTemplateCan = z.object({ update: z.boolean(), delete: z.boolean(), duplicate: z.boolean() });
export const ZRegisterTemplateOut = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  language: z.string(),
  reportType: z.string(),
  registerType: z.string().nullable(),
  category: ZRef.nullable(),
  order: z.number(),
  sections: z.array(ZRegisterSectionOut),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: ZRegisterTemplateCan,
});
export const ZRegisterCan = z.object({ update: z.boolean(), delete: z.boolean(), write: z.boolean(), correct: z.boolean(), openClose: z.boolean() });
export const ZRegisterOut = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  areaAccess: z.enum(AREA_ACCESSES),
  classification: z.enum(CLASSIFICATIONS),
  template: ZRef,
  client: ZRef,
  category: ZRef.nullable(),
  establishments: z.union([z.literal('all'), z.array(ZRef)]),
  areas: z.union([z.literal('all'), z.array(ZRef)]),
  establishmentsTotal: z.number(),
  areasTotal: z.number(),
  typologies: z.array(ZRef),
  period: z.enum(FREQUENCIES),
  frequency: z.enum(FREQUENCIES),
  takesPerDay: z.number(),
  manualCompletion: z.boolean(),
  dailyDisabled: z.boolean(),
  hasData: z.boolean(),
  status: z.enum(REGISTER_STATUSES),
  createdAt: z.string(),
  can: ZRegisterCan,
});
export const ZLogValueOut = z.object({ param: z.string(), value: z.union([z.string(), z.number(), z.null()]), outOfRange: z.boolean() });
export const ZLogEntryOut = z.object({
  _id: z.string(),
  facility: z.string(),
  date: z.string(),
  slot: z.string(),
  take: z.number(),
  values: z.array(ZLogValueOut),
  fields: z.array(z.object({ field: z.string(), value: z.union([z.string(), z.number(), z.null()]) })),
  completed: z.boolean(),
  reason: z.string().nullable(),
  outOfRange: z.boolean(),
  late: z.boolean(),
  enteredBy: ZRef.nullable(),
  enteredAt: z.string(),
});
export const ZCheckRegisterDataOut = z.object({ exists: z.boolean(), entries: z.array(ZLogEntryOut) });
export const ZFacilityDataOut = z.object({
  period: z.tuple([z.string(), z.string()]),
  closed: z.boolean(),
  closedDays: z.array(z.string()),
  takes: z.array(z.object({ slot: z.string(), end: z.string(), take: z.number() })),
  facilities: z.array(ZRef.extend({ establishment: z.string() })),
  entries: z.array(ZLogEntryOut),
});

export type TRegisterTemplateOut = z.infer<typeof ZRegisterTemplateOut>;
export type TRegisterOut = z.infer<typeof ZRegisterOut>;
export type TLogEntryOut = z.infer<typeof ZLogEntryOut>;

// Flags of the log grid (decision 0036).

/** A facility's run of identical values: its first and last take and the entries in it. */
export const ZRepeatedRun = z.object({
  facility: z.string(),
  takes: z.number(),
  from: z.object({ slot: z.string(), take: z.number() }),
  to: z.object({ slot: z.string(), take: z.number() }),
  entries: z.array(z.string()),
});
/** The flags of a grid: late entries (by id) for everyone; repeated runs only for staff (null otherwise). */
export const ZLogFlagsOut = z.object({
  late: z.array(z.string()),
  repeatTakes: z.number(),
  repeated: z.array(ZRepeatedRun).nullable(),
});
/** The log grid with its flags and the template's sections (facility-data's answer: client staff cannot read templates). */
export const ZFacilityDataFlaggedOut = ZFacilityDataOut.extend({ flags: ZLogFlagsOut, sections: z.array(ZRegisterSectionOut) });

export type TRepeatedRun = z.infer<typeof ZRepeatedRun>;
export type TLogFlagsOut = z.infer<typeof ZLogFlagsOut>;
export type TFacilityDataOut = z.infer<typeof ZFacilityDataFlaggedOut>;
export type TCheckRegisterDataOut = z.infer<typeof ZCheckRegisterDataOut>;
export type TRegisterSectionOut = z.infer<typeof ZRegisterSectionOut>;
export type TRegisterItemOut = z.infer<typeof ZRegisterItemOut>;

// ---------------------------------------------------------------------------------------------
// Register traces (/register-traces; decision 0037).

/** What a register trace is about: a register, its template (and sections, items), its log, a download. */
export const REGISTER_TRACE_SECTIONS = ['registers', 'register-logs', 'template-registers', 'register-sections', 'typologies', 'register-downloads'] as const;
export const ZRegisterTraceOut = z.object({
  _id: z.string(),
  date: z.string(),
  type: z.string(),
  section: z.string(),
  entity: ZRef.nullable(),
  owner: ZRef.nullable(),
  /** What changed, as recorded (the fields set, the log's date, take and facilities…). */
  payload: z.unknown(),
});
export type TRegisterTraceOut = z.infer<typeof ZRegisterTraceOut>;
