import { z } from '../zod.js';
import { RISK_LEVELS } from '../constants.js';
import { RISKS } from '../audits.js';

/**
 * The statistics calls' one filter body (decision 0078): every list is optional (absent or empty:
 * no restriction beyond the caller's own access), an unknown field is refused, and a range is at
 * most ten years with `from` on or before `to`. Days are ISO dates (YYYY-MM-DD), both included.
 */
export const MAX_STATISTICS_IDS = 1000;
export const MAX_STATISTICS_YEARS = 10;

const ids = z.array(z.string().uuid()).max(MAX_STATISTICS_IDS);
const day = z.iso.date();

export const ZStatisticsFilter = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
    clients: ids.optional(),
    establishments: ids.optional(),
    areas: ids.optional(),
    services: ids.optional(),
    templates: ids.optional(),
    categories: ids.optional(),
    /** Incident risk levels (issue statistics and the issue counts of the others). */
    riskLevels: z.array(z.enum(RISK_LEVELS)).max(RISK_LEVELS.length).optional(),
    /** Audit risks (recalculatedRisk) for the audit statistics. */
    auditRisks: z.array(z.enum(RISKS)).max(RISKS.length).optional(),
    /** Register area accesses (register statistics: the calls document's `areaAccess`). */
    areaAccess: z.array(z.string().min(1).max(100)).max(MAX_STATISTICS_IDS).optional(),
  })
  .superRefine((f, ctx) => {
    if (!f.from || !f.to) return;
    const from = new Date(`${f.from}T00:00:00Z`);
    const to = new Date(`${f.to}T00:00:00Z`);
    const limit = new Date(from);
    limit.setUTCFullYear(limit.getUTCFullYear() + MAX_STATISTICS_YEARS);
    if (to < from || to > limit) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range' });
  });
export type TStatisticsFilter = z.infer<typeof ZStatisticsFilter>;

const pct = z.number().nullable();
const count = z.number().int();

/** Incidents per risk level: count-by-risk. */
export const ZCountByRisk = z.array(z.object({ riskLevel: z.string(), count }));
/** Incidents per type (the category while a type is unset): by-type. */
export const ZCountByType = z.array(z.object({ type: z.string().nullable(), count }));
/** The five most frequent incidences: top-five. */
export const ZTopFive = z.array(z.object({ templateIssue: z.string().nullable(), name: z.string(), count }));

/** Finished audits and their average score (%) per establishment: benchmark. */
export const ZScoreByEstablishment = z.array(z.object({ establishment: z.string(), name: z.string().nullable(), audits: count, avgScorePct: pct }));
/** Finished audits and their average score (%) per template: bio-score. */
export const ZScoreByTemplate = z.array(z.object({ template: z.string().nullable(), name: z.string(), audits: count, avgScorePct: pct }));

const issueCounts = { issues: count, high: count, medium: count, low: count, infrastructure: count, resolved: count };
export const ZIssueCounts = z.object(issueCounts);
/** Incidents per establishment by risk: search-benchmark-from-issue-client. */
export const ZIssueBenchmark = z.array(z.object({ establishment: z.string(), name: z.string().nullable(), audits: count, ...issueCounts }));
/** The client dashboard's figures: search-summary-from-client. */
export const ZStatisticsSummary = z.object({
  audits: count,
  avgScorePct: pct,
  issues: ZIssueCounts,
  byRisk: z.object({ HIGH: count, MEDIUM: count, LOW: count }),
});
/** A monthly series: get-chart-data. */
export const ZChartData = z.array(z.object({ period: z.string(), audits: count, avgScorePct: pct, issues: count }));
/** Register takes due and done per key (area access, month or establishment): register-statistics. */
export const ZCompletion = z.array(z.object({ key: z.string(), name: z.string().nullable(), due: count, done: count, completionPct: pct }));

export type TCountByRisk = z.infer<typeof ZCountByRisk>;
export type TStatisticsSummary = z.infer<typeof ZStatisticsSummary>;
export type TCompletion = z.infer<typeof ZCompletion>;

/** Where an open corrective action's age falls, in days since it was created (decision 0081). */
export const CORRECTIVE_AGE_BUCKETS = ['0-7', '8-30', '31-90', '90+'] as const;
/**
 * Corrective actions (the tasks of audit incidents) of the filter's incidents: open, overdue and
 * closed, the mean days to close, and the open ones by age: corrective-statistics/by-age.
 */
export const ZCorrectiveByAge = z.object({
  open: count,
  overdue: count,
  closed: count,
  avgDaysToClose: pct,
  buckets: z.array(z.object({ key: z.enum(CORRECTIVE_AGE_BUCKETS), open: count, overdue: count })),
});
/** Lab results of the range and how many fell outside their limits, in all and per parameter: lab-statistics/out-of-limits. */
export const ZLabOutOfLimits = z.object({
  results: count,
  outOfLimits: count,
  outOfLimitsPct: pct,
  byParameter: z.array(z.object({ parameter: z.string(), results: count, outOfLimits: count, outOfLimitsPct: pct })),
});
/**
 * Findings that came back (decisions 0081, 0100): template questions failed again in the next audit of
 * the same establishment and service, and incidences (incident types) raised again in a later audit of the same
 * establishment within the range.
 */
export const ZRepeatFindings = z.object({
  questions: z.array(
    z.object({
      establishment: z.string(),
      establishmentName: z.string().nullable(),
      question: z.string(),
      questionText: z.string(),
      cameBack: count,
      lastAudit: z.string(),
      lastDate: z.string(),
    }),
  ),
  incidentTypes: z.array(
    z.object({
      establishment: z.string(),
      establishmentName: z.string().nullable(),
      /** The incidence (incident template) raised, or null for an issue of the auditor's own (then the same name). */
      templateIssue: z.string().nullable(),
      name: z.string(),
      audits: count,
      cameBack: count,
      lastAudit: z.string(),
      lastDate: z.string(),
    }),
  ),
});
export type TCorrectiveByAge = z.infer<typeof ZCorrectiveByAge>;
export type TLabOutOfLimits = z.infer<typeof ZLabOutOfLimits>;
export type TRepeatFindings = z.infer<typeof ZRepeatFindings>;

/** The monthly digest of the dashboard by e-mail (decision 0091): subscribed or not, and the last month sent. */
export const ZDigestSubscription = z.object({ subscribed: z.boolean(), lastMonth: z.string().nullable() });
export const ZDigestChange = z.strictObject({ subscribed: z.boolean() });
export type TDigestSubscription = z.infer<typeof ZDigestSubscription>;
