import type { TAudit } from '@audit/domain/audits';
import { sectionPercent } from '@audit/domain/score';
import { formatNumber, formatPercent } from './format';
import { useRun } from './RunContext';
import { figuresOf } from './selectors';
import { useAuditSelect } from './useAuditSelect';
import { language, t } from './runI18n';

const selectFigures = (sectionId: string) => (audit: TAudit) => {
  const section = audit.sections.find((s) => s._id === sectionId);
  return section ? figuresOf(section) : undefined;
};

/** Answered count and score of a section; figuresOf is memoised per section object, so unchanged sections keep theirs. */
export function SectionScore({ sectionId }: { sectionId: string }) {
  const { auditId } = useRun();
  const figures = useAuditSelect(auditId, selectFigures(sectionId));
  if (!figures) return null;
  const percentage = sectionPercent(figures);
  return (
    <span className="run-section-score" aria-live="polite">
      <span>{t('auditRun.section.answered', { answered: figures.answered, total: figures.questions })}</span>
      {figures.totalScore > 0 && (
        <span className="run-section-points">
          {t('auditRun.section.points', { final: formatNumber(figures.finalScore, language()), total: formatNumber(figures.totalScore, language()) })}
          {percentage !== null && ` · ${formatPercent(percentage, language())}`}
        </span>
      )}
    </span>
  );
}
