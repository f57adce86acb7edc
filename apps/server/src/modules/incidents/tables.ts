import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { historyColumns, pathIndex, tenantColumns, updatedAtColumn } from '../../platform/columns.js';

/**
 * Incidents and their corrective actions (docs/decisions/0038). One table for the three kinds
 * (audits, others, measurements): an audit's issues are copied in when the audit finishes, so the
 * lists filter and page in SQL over one table with its own indexes. Every row carries its
 * establishment's space path (tenant policy, migration 0026).
 */

export const incidents = pgTable(
  'incidents',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    solvedInPlace: boolean('solved_in_place').notNull().default(false),
    name: text('name').notNull(),
    description: text('description'),
    riskLevel: text('risk_level'),
    priority: text('priority'),
    category: text('category'),
    type: text('type'),
    responsibleId: uuid('responsible_id'),
    reportedBy: text('reported_by'),
    detectedBy: text('detected_by'),
    facility: text('facility'),
    facilityType: text('facility_type'),
    openDate: timestamp('open_date', { withTimezone: true }).notNull().defaultNow(),
    /** Where it happened: the client, the establishment and (when known) the area, and a readable name. */
    clientId: uuid('client_id'),
    establishmentId: uuid('establishment_id'),
    areaId: uuid('area_id'),
    place: text('place'),
    /** Audit incidents: the audit, its date (the month-range filter), the question and the incidence. */
    auditId: uuid('audit_id'),
    auditDate: timestamp('audit_date', { withTimezone: true }),
    auditorId: uuid('auditor_id'),
    questionId: uuid('question_id'),
    templateIssueId: uuid('template_issue_id'),
    templateId: uuid('template_id'),
    templateName: text('template_name'),
    /** Measurement incidents: the register and the reading that was out of range. */
    registerId: uuid('register_id'),
    sourceId: uuid('source_id'),
    createdBy: uuid('created_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * Superseded (decision 0063): when, by whom, why (`reopen` of its audit, a `newerAudit` raising the
     * same incidence, or a `manual` move) and the incident that took its place (set at the next finish).
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: uuid('superseded_by'),
    supersededReason: text('superseded_reason'),
    supersededByIncidentId: uuid('superseded_by_incident_id'),
  },
  (t) => [
    pathIndex('incidents', t.secureSpacePath),
    // A list's total with no filter (every incident of a kind in the caller's scope) counted from the
    // index alone, not by reading the table (decision 0045's bench); an audit-month range's too (decision 0056).
    index('incidents_kind_path_idx').using('btree', t.kind, t.secureSpacePath.op('text_pattern_ops'), t.auditDate),
    // (column, id) per list order, read forwards or backwards (decision 0028); kind first: every list names it.
    index('incidents_kind_open_idx').on(t.kind, t.openDate, t.id),
    index('incidents_kind_audit_date_idx').on(t.kind, t.auditDate, t.id),
    index('incidents_kind_status_idx').on(t.kind, t.status, t.openDate),
    index('incidents_risk_idx').on(t.kind, t.riskLevel, t.openDate),
    index('incidents_client_idx').on(t.clientId, t.openDate),
    index('incidents_establishment_idx').on(t.establishmentId, t.openDate),
    index('incidents_area_idx').on(t.areaId),
    index('incidents_responsible_idx').on(t.responsibleId, t.openDate),
    index('incidents_template_idx').on(t.templateId, t.openDate),
    index('incidents_audit_question_idx').on(t.auditId, t.questionId),
    index('incidents_source_idx').on(t.sourceId),
    // "Supersedes": the incidents a new one took the place of (decision 0063).
    index('incidents_superseded_by_idx').on(t.supersededByIncidentId),
    index('incidents_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Corrective actions (`/tasks`): toDo → running → complete, verified by a second person. */
export const incidentTasks = pgTable(
  'incident_tasks',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('toDo'),
    priority: text('priority').notNull().default('medium'),
    responsibleId: uuid('responsible_id'),
    dueDate: date('due_date', { mode: 'string' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by'),
    createdBy: uuid('created_by'),
    /** Overdue reminders already sent: 1 on the due day, 2 after 3 days, 3 after 7 (decision 0039). */
    remindersSent: integer('reminders_sent').notNull().default(0),
  },
  (t) => [
    pathIndex('incident_tasks', t.secureSpacePath),
    index('incident_tasks_incident_idx').on(t.incidentId),
    index('incident_tasks_created_idx').on(t.createdAt, t.id),
    index('incident_tasks_status_idx').on(t.status, t.dueDate),
    // A due-date range, ordered by the due date when no sort is asked (migration 0039, decision 0056).
    index('incident_tasks_due_idx').on(t.dueDate, t.id),
    // The list's totals counted from the index alone: scope, status, priority, due date (decision 0056).
    index('incident_tasks_path_status_idx').using('btree', t.secureSpacePath.op('text_pattern_ops'), t.status, t.priority, t.dueDate),
    index('incident_tasks_responsible_idx').on(t.responsibleId, t.status),
    // Serves list_match_incident_tasks (migration 0039, decision 0056).
    index('incident_tasks_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const incidentComments = pgTable(
  'incident_comments',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    text: text('text').notNull(),
  },
  (t) => [pathIndex('incident_comments', t.secureSpacePath), index('incident_comments_incident_idx').on(t.incidentId, t.createdAt)],
);

/** Photos of an incident (taskId null) or of one of its corrective actions: stored files (files module). */
export const incidentEvidences = pgTable(
  'incident_evidences',
  {
    ...tenantColumns(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => incidentTasks.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull(),
    /** The copy with arrows and circles drawn on it (decision 0045): shown; the original (file_id) is kept. */
    annotatedFileId: uuid('annotated_file_id'),
    observation: text('observation'),
  },
  (t) => [pathIndex('incident_evidences', t.secureSpacePath), index('incident_evidences_incident_idx').on(t.incidentId)],
);

/** Every change, who and when (product document §4's history kinds). */
export const incidentHistory = pgTable(
  'incident_history',
  {
    ...tenantColumns(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id'),
    ...historyColumns(),
  },
  (t) => [pathIndex('incident_history', t.secureSpacePath), index('incident_history_incident_idx').on(t.incidentId, t.createdAt)],
);

export type TIncidentRow = typeof incidents.$inferSelect;
export type TIncidentTaskRow = typeof incidentTasks.$inferSelect;
