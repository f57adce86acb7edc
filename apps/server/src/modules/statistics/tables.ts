import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pathIndex, tenantColumns } from '../../platform/columns.js';

/**
 * Who receives the monthly digest of their dashboard (decision 0091): one row per user, in the space
 * they subscribed from (their session's). `last_month` is the month (YYYY-MM, in the space's time zone)
 * whose digest was handed to the mail job: claimed with a conditional update, so one per month
 * whatever the number of servers or reruns.
 */
export const statisticsDigests = pgTable(
  'statistics_digests',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    lastMonth: text('last_month'),
  },
  (t) => [pathIndex('statistics_digests', t.secureSpacePath), uniqueIndex('statistics_digests_user_key').on(t.userId)],
);

/** A register's takes due and done at one facility: the columns of the day's and the month's rollups. */
const takeColumns = () => ({
  registerId: uuid('register_id').notNull(),
  facilityId: uuid('facility_id').notNull(),
  due: integer('due').notNull().default(0),
  done: integer('done').notNull().default(0),
  /** The facility (an area) and its path: the tenant policy shows a row to whoever sees the facility. */
  spaceId: uuid('space_id').notNull(),
  secureSpacePath: text('secure_space_path').notNull(),
});

/**
 * Register takes due and done per register, facility and day (decision 0095), the figures register
 * completion counts (decision 0078): a take is due when it has a log row or was recorded missed, done
 * when its log row has values or was completed by hand. Kept by statement triggers on register_logs
 * and register_missed_takes (migration 0064) in the writer's own transaction; never written here.
 */
export const statisticsTakeDays = pgTable('statistics_take_days', { ...takeColumns(), slot: date('slot', { mode: 'string' }).notNull() }, (t) => [
  primaryKey({ columns: [t.registerId, t.facilityId, t.slot] }),
  pathIndex('statistics_take_days', t.secureSpacePath),
  index('statistics_take_days_slot_idx').on(t.slot),
]);

/** The same per month (`month`: its first day), kept by the same triggers: what a range's whole months read. */
export const statisticsTakeMonths = pgTable('statistics_take_months', { ...takeColumns(), month: date('month', { mode: 'string' }).notNull() }, (t) => [
  primaryKey({ columns: [t.registerId, t.facilityId, t.month] }),
  pathIndex('statistics_take_months', t.secureSpacePath),
  index('statistics_take_months_month_idx').on(t.month),
]);

/**
 * Each finished audit's template questions and whether it failed them (decision 0100): one row per
 * audit and template question (a question asked twice, in a duplicated section, failed when any copy
 * failed). `failed_before`: the previous finished audit of the same establishment and service that
 * asked it, in start order (start date, then id), failed it too: the row is a repeat finding. Kept by
 * row triggers on audits (migration 0067) when an audit is finished, reopened or removed, in the
 * writer's own transaction, which rewrite the chains of the questions it asked; never written here.
 */
export const statisticsQuestionOutcomes = pgTable(
  'statistics_question_outcomes',
  {
    auditId: uuid('audit_id').notNull(),
    question: uuid('question').notNull(),
    /** One asked copy of it (audit_questions.id, the first by position): where its text is read. */
    questionId: uuid('question_id').notNull(),
    establishmentId: uuid('establishment_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    failed: boolean('failed').notNull(),
    failedBefore: boolean('failed_before').notNull().default(false),
    /** The audit's space and path: the tenant policy shows a row to whoever sees the audit. */
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.auditId, t.question] }),
    pathIndex('statistics_question_outcomes', t.secureSpacePath),
    index('statistics_question_outcomes_chain_idx').on(t.establishmentId, t.serviceId, t.question, t.startDate, t.auditId),
    // The repeat findings, few among the rows: what the call reads, by the audits its filter keeps,
    // holding every column it reads (an index-only scan, the row security's path included).
    index('statistics_question_outcomes_repeat_idx')
      .on(t.auditId, t.establishmentId, t.question, t.questionId, t.startDate, t.secureSpacePath)
      .where(sql`${t.failed} and ${t.failedBefore}`),
  ],
);

/**
 * Each live audit incident's corrective actions, summed (decision 0100): what corrective actions by
 * age reads instead of joining every action to its incident. The incident's own columns that the
 * statistics filter reads (incidentWhere's, by the same names, so the one filter serves both), the
 * closed actions counted with their seconds to close, and the open ones' creation instants and due
 * days, whose age and lateness are counted against today when read. One row per incident of kind
 * 'audits', not superseded, with at least one action; kept by statement triggers on incidents and
 * incident_tasks (migration 0068) in the writer's own transaction; never written here.
 */
export const statisticsIncidentActions = pgTable(
  'statistics_incident_actions',
  {
    incidentId: uuid('incident_id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    auditDate: timestamp('audit_date', { withTimezone: true }),
    clientId: uuid('client_id'),
    establishmentId: uuid('establishment_id'),
    areaId: uuid('area_id'),
    templateId: uuid('template_id'),
    riskLevel: text('risk_level'),
    auditId: uuid('audit_id'),
    /** Complete actions; those of them with both instants, and their seconds from creation to completion. */
    closed: integer('closed').notNull(),
    closedTimed: integer('closed_timed').notNull(),
    closeSeconds: numeric('close_seconds').notNull(),
    openCreated: timestamp('open_created', { withTimezone: true }).array().notNull(),
    openDue: date('open_due', { mode: 'string' }).array().notNull(),
    /** The incident's space and path: the tenant policy shows a row to whoever sees the incident. */
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
  },
  (t) => [pathIndex('statistics_incident_actions', t.secureSpacePath), index('statistics_incident_actions_date_idx').on(t.auditDate)],
);
