import { memo, useState } from 'react';
import { isAnswered, isFailed, questionProblem } from '@audit/domain/audits';
import { CardIcon } from './CardIcon';
import { IncidenceList } from './IncidenceList';
import { QuestionFooter } from './QuestionFooter';
import { useRun } from './RunContext';
import { useRunUi } from './runUi';
import { useQuestion } from './useAuditSelect';
import { QuestionWidget } from './widgets/QuestionWidget';
import { t } from './runI18n';

/**
 * One question. It reads its own question from the cache by id, so an answer elsewhere does not
 * render it again (memo + useQuestion), and neither does a highlight or a toggle of another card.
 */
export const QuestionCard = memo(function QuestionCard({ questionId, index }: { questionId: string; index: number }) {
  const { auditId, runnable, answers, places, ui } = useRun();
  const question = useQuestion(auditId, questionId);
  const pointedAt = useRunUi(ui, (s) => s.highlighted.has(questionId));
  const showAll = useRunUi(ui, (s) => s.showAllIncidences);
  const [ownToggle, setOwnToggle] = useState<{ open: boolean; showAll: boolean } | null>(null);
  if (!question) return null;
  // A finishing error points at the question until it is fixed (answered, given its incidence...).
  const highlighted = pointedAt && questionProblem(question) !== null;
  // A card's own toggle wins until "show all incidences" is switched again.
  const incidencesOpen = ownToggle && ownToggle.showAll === showAll ? ownToggle.open : showAll;
  const answered = isAnswered(question);
  const failed = answered && isFailed(question);
  const selectedIssues = question.issues.filter((i) => i.selected).length;
  const className = ['run-question', failed && 'is-failed', highlighted && 'is-highlighted'].filter(Boolean).join(' ');
  const titleId = `question-title-${questionId}`;
  return (
    <article className={className} id={`question-${questionId}`} tabIndex={-1} aria-labelledby={titleId}>
      <header className="run-question-head">
        <span className="run-question-index">{index + 1}</span>
        <div className="run-question-title">
          <h4 id={titleId}>
            {question.name}
            {question.required && (
              <span className="run-required" aria-label={t('auditRun.required')}>
                {' '}
                *
              </span>
            )}
          </h4>
          {question.description && <p className="run-muted">{question.description}</p>}
        </div>
        <span className={`run-state ${failed ? 'is-failed' : answered ? 'is-answered' : ''}`}>
          {failed ? (
            <>
              <CardIcon name="warning" /> {t('auditRun.state.failed')}
            </>
          ) : answered ? (
            t('auditRun.state.answered')
          ) : (
            t('auditRun.state.unanswered')
          )}
        </span>
        {runnable && answered && (
          <button
            type="button"
            className="run-icon-btn"
            title={t('auditRun.clearAnswer')}
            aria-label={t('auditRun.clearAnswerOf', { name: question.name })}
            onClick={() => answers.saveAnswer(questionId, null)}
          >
            <CardIcon name="clear" />
          </button>
        )}
      </header>
      {highlighted && (
        <div className="run-question-alert" role="alert">
          <CardIcon name="exclamation" /> {t('auditRun.finish.fixThis')}
        </div>
      )}
      <QuestionWidget
        question={question}
        disabled={!runnable}
        inputId={`answer-${questionId}`}
        onSave={(answer) => answers.saveAnswer(questionId, answer)}
        onRenamePlace={(placeId, name) => void places.renamePlace(questionId, placeId, name)}
      />
      {failed && selectedIssues === 0 && <div className="run-hint">{t('auditRun.failedNeedsIssue')}</div>}
      <QuestionFooter
        question={question}
        runnable={runnable}
        incidencesOpen={incidencesOpen}
        onToggleIncidences={() => setOwnToggle({ open: !incidencesOpen, showAll })}
      />
      {incidencesOpen && <IncidenceList question={question} editable={runnable} id={`incidences-${questionId}`} />}
    </article>
  );
});
