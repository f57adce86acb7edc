import type { TAuditQuestion } from '@audit/domain/audits';
import { IncidenceItem } from './IncidenceItem';
import { t } from './runI18n';

/**
 * The incidences offered on a question with the issues raised from them; issues without an
 * incidence (copied from elsewhere) are listed after. Read-only audits show only raised issues.
 */
export function IncidenceList({ question, editable, id }: { question: TAuditQuestion; editable: boolean; id: string }) {
  const byIncidence = new Map(question.issues.filter((i) => i.templateIssue).map((i) => [i.templateIssue!, i]));
  const offered = question.incidences.map((incidence) => ({ incidence, issue: byIncidence.get(incidence._id) }));
  const known = new Set(question.incidences.map((i) => i._id));
  const others = question.issues.filter((i) => !i.templateIssue || !known.has(i.templateIssue));
  const items = [...offered, ...others.map((issue) => ({ incidence: null, issue }))].filter((item) => editable || item.issue?.selected);
  return (
    <section className="run-incidences" id={id} aria-label={t('auditRun.incidence.title')}>
      {items.length === 0 && <div className="run-muted">{t('auditRun.noIncidencesForThisQuestion')}</div>}
      {items.map(({ incidence, issue }) => (
        <IncidenceItem key={incidence?._id ?? issue!._id} questionId={question._id} incidence={incidence} issue={issue} editable={editable} />
      ))}
    </section>
  );
}
