import { sql } from 'drizzle-orm';
import type { TRepeatFindings, TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { auditWhere, incidentWhere } from './filters.js';

const day = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()).slice(0, 10);
const spaceName = sql`(select s.name from spaces s where s.id = x.establishment_id)`;

/**
 * Template questions that came back (decisions 0081, 0100). Per establishment, service and template
 * question, the finished audits that asked it, in order (start date, then id); a question failed in one
 * audit and failed again in the next of them came back once. Counted on the later audit, which must be
 * within the filter; the earlier one may fall before the range. A question asked twice in one audit (a
 * duplicated section) failed there when any copy failed; its text is the first copy's. The chains are kept at each finish and reopen
 * (statistics_question_outcomes, migration 0067): this reads only their repeat rows, by the filter's audits.
 */
async function questions(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`with x as (
        select o.establishment_id, o.question, o.question_id, o.audit_id, o.start_date
        from audits a join statistics_question_outcomes o on o.audit_id = a.id and o.failed and o.failed_before
        where ${auditWhere(caller, f)}),
      g as (
        select x.establishment_id, x.question, count(*)::int as came_back, max(x.start_date) as last_date,
          (array_agg(x.audit_id order by x.start_date desc, x.audit_id desc))[1] as last_audit,
          (array_agg(x.question_id order by x.start_date desc, x.audit_id desc))[1] as asked
        from x group by x.establishment_id, x.question)
      select x.establishment_id::text as establishment, ${spaceName} as establishment_name, x.question::text as question,
        (select q.name from audit_questions q where q.id = x.asked) as question_text,
        x.came_back, x.last_audit::text as last_audit, x.last_date
      from g x order by x.came_back desc, x.last_date desc, x.question`,
  );
  return rows.map((r) => ({
    establishment: String(r.establishment),
    establishmentName: (r.establishment_name as string) ?? null,
    question: String(r.question),
    questionText: String(r.question_text ?? ''),
    cameBack: Number(r.came_back),
    lastAudit: String(r.last_audit),
    lastDate: day(r.last_date),
  }));
}

/**
 * Incidences that came back (decision 0081): per establishment, the incidence raised (its incident
 * template, or for an issue of the auditor's own its name, trimmed and lower-cased) in the audits of
 * the filter; raised in n audits, it came back n − 1 times. A superseded incident counts: a newer
 * audit raising the same incidence is what supersedes it; a reopened audit's copies count once.
 */
async function incidences(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  // The finding as two keys, the template's id or the own name in byte order: no collation in the sort.
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`with raised as (
        select i.establishment_id, i.template_issue_id as template_issue,
          case when i.template_issue_id is null then lower(trim(i.name)) end collate "C" as own, i.audit_id, i.audit_date, i.name
        from incidents i where ${incidentWhere(caller, f, true)} and i.establishment_id is not null and i.audit_id is not null),
      x as (
        select establishment_id, template_issue, own, count(distinct audit_id)::int as audits, max(audit_date) as last_date,
          (array_agg(name order by audit_date desc, audit_id desc))[1] as name,
          (array_agg(audit_id order by audit_date desc, audit_id desc))[1] as last_audit
        from raised group by 1, 2, 3 having count(distinct audit_id) > 1)
      select x.establishment_id::text as establishment, ${spaceName} as establishment_name, x.audits, x.last_date,
        x.template_issue::text as template_issue, x.name, x.last_audit::text as last_audit
      from x order by x.audits desc, x.last_date desc, coalesce(x.template_issue::text, 'name:' || x.own)`,
  );
  return rows.map((r) => ({
    establishment: String(r.establishment),
    establishmentName: (r.establishment_name as string) ?? null,
    templateIssue: (r.template_issue as string) ?? null,
    name: String(r.name),
    audits: Number(r.audits),
    cameBack: Number(r.audits) - 1,
    lastAudit: String(r.last_audit),
    lastDate: day(r.last_date),
  }));
}

/** Findings that came back: template questions failed again and incidences raised again (decision 0081). */
export async function repeatFindings(tx: TDb, caller: TAuth, f: TStatisticsFilter): Promise<TRepeatFindings> {
  return { questions: await questions(tx, caller, f), incidentTypes: await incidences(tx, caller, f) };
}
