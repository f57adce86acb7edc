import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { historyColumns, pathIndex, tenantColumns, updatedAtColumn } from '../../platform/columns.js';

/**
 * Lab data (docs/decisions/0044): laboratory reports, their results and the lab incidents a result
 * outside its limits raises. Every row carries the path of the report's place (the measuring
 * point's area, or the establishment) for the tenant policy, like incidents (migration 0026).
 */

export const labReports = pgTable(
  'lab_reports',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    category: text('category').notNull(),
    number: text('number').notNull(),
    resultCode: text('result_code'),
    result: text('result'),
    extractionDate: date('extraction_date', { mode: 'string' }).notNull(),
    clientId: uuid('client_id'),
    establishmentId: uuid('establishment_id').notNull(),
    /** The measuring point: an area of the establishment, or null (the establishment itself). */
    areaId: uuid('area_id'),
    qualified: boolean('qualified').notNull().default(true),
    score: integer('score'),
    /** The laboratory's certificate (a file of the files module). */
    pdfFileId: uuid('pdf_file_id'),
    /** Its name, kept with the report: a reader below the uploader's space cannot read the file's row. */
    pdfName: text('pdf_name'),
    createdBy: uuid('created_by'),
  },
  (t) => [
    pathIndex('lab_reports', t.secureSpacePath),
    // One report number per establishment and category: a repeated (or parallel) create answers 420.
    uniqueIndex('lab_reports_number_key').on(t.establishmentId, t.category, t.number),
    index('lab_reports_category_date_idx').on(t.category, t.extractionDate, t.id),
    index('lab_reports_establishment_idx').on(t.establishmentId, t.extractionDate),
    index('lab_reports_client_idx').on(t.clientId, t.extractionDate),
    index('lab_reports_area_idx').on(t.areaId),
  ],
);

export const labResults = pgTable(
  'lab_results',
  {
    ...tenantColumns(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => labReports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    parameter: text('parameter').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit'),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    qualified: boolean('qualified').notNull(),
  },
  (t) => [pathIndex('lab_results', t.secureSpacePath), index('lab_results_report_idx').on(t.reportId, t.position)],
);

/** DRAFT → RUNNING → SOLVED; one per report and parameter while open (raised again after SOLVED). */
export const labIncidents = pgTable(
  'lab_incidents',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => labReports.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('DRAFT'),
    category: text('category').notNull(),
    parameter: text('parameter').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit'),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    clientId: uuid('client_id'),
    establishmentId: uuid('establishment_id'),
    openDate: timestamp('open_date', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    /** The last move: who and when. */
    changedBy: uuid('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (t) => [
    pathIndex('lab_incidents', t.secureSpacePath),
    index('lab_incidents_open_idx').on(t.openDate, t.id),
    index('lab_incidents_status_idx').on(t.status, t.openDate),
    index('lab_incidents_category_idx').on(t.category, t.openDate),
    index('lab_incidents_report_idx').on(t.reportId),
    index('lab_incidents_establishment_idx').on(t.establishmentId, t.openDate),
  ],
);

/**
 * Every change of a lab incident, who and when (decision 0058): the incidents' history kinds that a
 * lab incident has (created, statusChanged), written in the change's own transaction.
 */
export const labIncidentHistory = pgTable(
  'lab_incident_history',
  {
    ...tenantColumns(),
    labIncidentId: uuid('lab_incident_id')
      .notNull()
      .references(() => labIncidents.id, { onDelete: 'cascade' }),
    ...historyColumns(),
  },
  (t) => [pathIndex('lab_incident_history', t.secureSpacePath), index('lab_incident_history_incident_idx').on(t.labIncidentId, t.createdAt)],
);

export type TLabReportRow = typeof labReports.$inferSelect;
export type TLabResultRow = typeof labResults.$inferSelect;
export type TLabIncidentRow = typeof labIncidents.$inferSelect;
