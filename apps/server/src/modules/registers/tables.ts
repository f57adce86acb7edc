import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { catalogueTable } from '../nomenclatures/catalogue-table.js';

/**
 * Registers (docs/decisions/0031). Register templates, their sections and items are catalogue rows
 * of the company's space, like audit templates. Registers, their logs, closures and locks are
 * tenant rows at the client's path, so the client's users see them and another tenant never does.
 */
export const registerTemplates = catalogueTable(
  'register_templates',
  {
    language: text('language').notNull().default('es'),
    categoryId: uuid('category_id'),
    title: text('title').notNull(),
    reportType: text('report_type').notNull(),
    registerType: text('register_type'),
    /** The templates' order in the list (reorder, suggested-order). */
    position: integer('position').notNull().default(0),
  },
  { uniqueName: false, indexOn: ['categoryId', 'position'] },
);

const pathIndex = (name: string, column: ExtraConfigColumn) => index(`${name}_path_idx`).using('btree', column.op('text_pattern_ops'));
const rowColumns = () => ({
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  spaceId: uuid('space_id').notNull(),
  secureSpacePath: text('secure_space_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const registerSections = pgTable(
  'register_sections',
  {
    ...rowColumns(),
    templateId: uuid('template_id')
      .notNull()
      .references((): AnyPgColumn => registerTemplates.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [pathIndex('register_sections', t.secureSpacePath), index('register_sections_template_idx').on(t.templateId, t.position)],
);

/** A section's fields (once per sheet) and params (per facility and take), ordered per kind. */
export const registerItems = pgTable(
  'register_items',
  {
    ...rowColumns(),
    templateId: uuid('template_id')
      .notNull()
      .references((): AnyPgColumn => registerTemplates.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => registerSections.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    fieldType: text('field_type').notNull(),
    selectOption: text('select_option'),
    unit: text('unit'),
    operation: text('operation'),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    pathIndex('register_items', t.secureSpacePath),
    index('register_items_section_idx').on(t.sectionId, t.kind, t.position),
    index('register_items_template_idx').on(t.templateId),
  ],
);

/** Typologies (fridge, freezer, pool vessel…): a nomenclature measurement registers are tagged with. */
export const typologies = catalogueTable('typologies', { areaAccess: text('area_access') }, { indexOn: ['areaAccess'] });

export const registers = pgTable(
  'registers',
  {
    ...rowColumns(),
    name: text('name').notNull(),
    description: text('description'),
    areaAccess: text('area_access').notNull(),
    classification: text('classification').notNull().default('measurement'),
    templateId: uuid('template_id')
      .notNull()
      .references(() => registerTemplates.id),
    /** The client structure; also the row's space. */
    clientId: uuid('client_id').notNull(),
    allEstablishments: boolean('all_establishments').notNull().default(false),
    establishmentIds: uuid('establishment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    allAreas: boolean('all_areas').notNull().default(false),
    areaIds: uuid('area_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    typologyIds: uuid('typology_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryId: uuid('category_id'),
    period: text('period').notNull(),
    frequency: text('frequency').notNull(),
    takesPerDay: integer('takes_per_day').notNull().default(1),
    manualCompletion: boolean('manual_completion').notNull().default(false),
    dailyDisabled: boolean('daily_disabled').notNull().default(false),
    createdBy: uuid('created_by'),
  },
  (t) => [
    pathIndex('registers', t.secureSpacePath),
    index('registers_client_idx').on(t.clientId),
    index('registers_template_idx').on(t.templateId),
    index('registers_name_idx').on(t.name),
    index('registers_area_access_idx').on(t.areaAccess),
  ],
);

export interface TLogValue {
  param: string;
  value: string | number | null;
  outOfRange: boolean;
}
export interface TLogField {
  field: string;
  value: string | number | null;
}

/**
 * One facility's take: the values of the params, the sheet's fields, who entered it and when (the
 * server's clock), the day it is for. Unique per (register, facility, slot, take): a take is never
 * doubled, a forced overwrite replaces it in place.
 */
export const registerLogs = pgTable(
  'register_logs',
  {
    ...rowColumns(),
    registerId: uuid('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    slot: date('slot', { mode: 'string' }).notNull(),
    take: integer('take').notNull().default(1),
    values: jsonb('values').$type<TLogValue[]>().notNull().default([]),
    fields: jsonb('fields').$type<TLogField[]>().notNull().default([]),
    completed: boolean('completed').notNull().default(false),
    reason: text('reason'),
    outOfRange: boolean('out_of_range').notNull().default(false),
    late: boolean('late').notNull().default(false),
    enteredBy: uuid('entered_by'),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pathIndex('register_logs', t.secureSpacePath),
    uniqueIndex('register_logs_take_key').on(t.registerId, t.facilityId, t.slot, t.take),
    index('register_logs_register_slot_idx').on(t.registerId, t.slot),
    index('register_logs_out_of_range_idx')
      .on(t.registerId)
      .where(sql`${t.outOfRange}`),
  ],
);

/**
 * Which facilities have a stored row for each take of a register (one row per register, slot and
 * take): what the status lists count instead of the log rows themselves (decision 0049). Kept by
 * statement triggers on register_logs (migration 0035) in the writer's transaction, so it never
 * disagrees with the log; a log row's register, facility, slot and take never change.
 */
export const registerTakeTally = pgTable(
  'register_take_tally',
  {
    registerId: uuid('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'cascade' }),
    slot: date('slot', { mode: 'string' }).notNull(),
    take: integer('take').notNull(),
    facilities: uuid('facilities')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
  },
  (t) => [primaryKey({ columns: [t.registerId, t.slot, t.take] }), pathIndex('register_take_tally', t.secureSpacePath)],
);

/** A closed day (`kind` 'day') or period ('period') of a register, from its first day. */
export const registerClosures = pgTable(
  'register_closures',
  {
    ...rowColumns(),
    registerId: uuid('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    closedBy: uuid('closed_by'),
  },
  (t) => [pathIndex('register_closures', t.secureSpacePath), uniqueIndex('register_closures_key').on(t.registerId, t.kind, t.startDay)],
);

/** An administrator's correction of a past log holds (register, day) for a while (RLD0001 for others). */
export const registerLocks = pgTable(
  'register_locks',
  {
    registerId: uuid('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.registerId, t.day] }), pathIndex('register_locks', t.secureSpacePath)],
);

export type TRegisterTemplateRow = typeof registerTemplates.$inferSelect;
export type TRegisterSectionRow = typeof registerSections.$inferSelect;
export type TRegisterItemRow = typeof registerItems.$inferSelect;
export type TRegisterRow = typeof registers.$inferSelect;
export type TRegisterLogRow = typeof registerLogs.$inferSelect;

/**
 * A take whose window passed with no value nor manual completion for a facility (decision 0037),
 * recorded once by the missed-takes job: the unique key makes two servers (or two runs) record
 * and notify it once.
 */
export const registerMissedTakes = pgTable(
  'register_missed_takes',
  {
    ...rowColumns(),
    registerId: uuid('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').notNull(),
    slot: date('slot', { mode: 'string' }).notNull(),
    take: integer('take').notNull().default(1),
    /** The last day of the take's window (in the space's time zone). */
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
  },
  (t) => [pathIndex('register_missed_takes', t.secureSpacePath), uniqueIndex('register_missed_takes_key').on(t.registerId, t.facilityId, t.slot, t.take)],
);

/**
 * A log PDF asked for (decision 0037): one row per register and options; `version` is what the
 * stored file was made from (the newest change of the logs and the register), so an unchanged
 * log is answered at once with its URL and a changed one is made again by the job.
 */
export const registerDownloads = pgTable(
  'register_downloads',
  {
    ...rowColumns(),
    registerId: uuid('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'cascade' }),
    /** The options (orientation, language, take, range) as a stable key. */
    key: text('key').notNull(),
    status: text('status').notNull(),
    fileId: uuid('file_id'),
    version: text('version'),
    requestedBy: uuid('requested_by'),
  },
  (t) => [pathIndex('register_downloads', t.secureSpacePath), uniqueIndex('register_downloads_key').on(t.registerId, t.key)],
);
