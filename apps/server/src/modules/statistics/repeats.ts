import { sql } from 'drizzle-orm';
import type { TRepeatFindings, TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { auditAccess, auditWhere, incidentWhere } from './filters.js';

const day = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()).slice(0, 10);
const spaceName = sql`(select s.name from spaces s where s.id = x.establishment_id)`;

/**
 * Template questions that came back (decision 0081). Per establishment and template question, the
 * finished audits the caller may see that asked it, in order (start date, then id); a question
 * failed in one audit and failed again in the next of them came back once. Counted on the later
 * audit, which must be within the filter; the earlier one may fall before the range. A question
 * asked twice in one audit (a duplicated section) failed there when any copy failed.
 */
async function questions(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`with asked as (
        select a.id as audit_id, a.establishment_id, a.start_date, q.template_question_id as question,
          bool_or(coalesce(ans.failed, false)) as failed, min(q.name) as name
        from audits a join audit_questions q on q.audit_id = a.id left join audit_answers ans on ans.question_id = q.id
        where ${auditAccess(caller)} and q.template_question_id is not null
        group by 1, 2, 3, 4),
      chain as (
        select asked.*, lag(failed) over (partition by establishment_id, question order by start_date, audit_id) as failed_before from asked),
      x as (
        select chain.*, row_number() over (partition by establishment_id, question order by start_date desc, audit_id desc) as latest
        from chain where failed and failed_before and audit_id in (select a.id from audits a where ${auditWhere(caller, f)}))
      select x.establishment_id::text as establishment, ${spaceName} as establishment_name, x.question::text as question,
        max(x.name) filter (where x.latest = 1) as question_text, count(*)::int as came_back,
        max(x.audit_id::text) filter (where x.latest = 1) as last_audit, max(x.start_date) as last_date
      from x group by x.establishment_id, x.question order by came_back desc, last_date desc, question`,
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
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`with raised as (
        select i.establishment_id, coalesce(i.template_issue_id::text, 'name:' || lower(trim(i.name))) as finding,
          i.template_issue_id, i.audit_id, i.audit_date, i.name
        from incidents i where ${incidentWhere(caller, f, true)} and i.establishment_id is not null and i.audit_id is not null),
      x as (
        select establishment_id, finding, count(distinct audit_id)::int as audits, max(audit_date) as last_date
        from raised group by 1, 2 having count(distinct audit_id) > 1)
      select x.establishment_id::text as establishment, ${spaceName} as establishment_name, x.audits, x.last_date,
        last.template_issue_id::text as template_issue, last.name, last.audit_id::text as last_audit
      from x cross join lateral (
        select r.template_issue_id, r.name, r.audit_id from raised r
        where r.establishment_id = x.establishment_id and r.finding = x.finding order by r.audit_date desc, r.audit_id desc limit 1) last
      order by x.audits desc, x.last_date desc, x.finding`,
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
