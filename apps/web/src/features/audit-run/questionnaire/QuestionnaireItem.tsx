import type { TQuestionnaireAnswer } from '@audit/domain/audits';
import { DraftInput } from '../widgets/DraftInput';
import { useQuestionnaireT } from './i18n';
import { QuestionnaireImages } from './QuestionnaireImages';
import { useSaveAnswer } from './questionnaireApi';
import { normaliseAnswer } from './questionnaireModel';

interface TProps {
  auditId: string;
  qa: TQuestionnaireAnswer;
  inputId: string;
  editable: boolean;
  missing: boolean;
}

/**
 * One question: SIMPLE is a short text (saved on Enter or blur), PARAGRAPH a text area (saved on
 * blur), both only when changed (DraftInput, as the cover fields). Both types take photos: the
 * template sets no other rule and the server accepts them for any question.
 */
export function QuestionnaireItem({ auditId, qa, inputId, editable, missing }: TProps) {
  const t = useQuestionnaireT();
  const save = useSaveAnswer(auditId);
  const onSave = (text: string) => {
    const answer = normaliseAnswer(text);
    if (answer !== qa.answer) save.mutate({ questionId: qa._id, answer });
  };
  const errorId = `${inputId}-missing`;
  return (
    <div className={missing ? 'run-qn-item is-missing' : 'run-qn-item'} data-testid="questionnaire-question">
      <label className="run-label" htmlFor={inputId}>
        {qa.question}
        <span className="run-required" aria-hidden>
          {' '}
          *
        </span>
      </label>
      <DraftInput
        id={inputId}
        value={qa.answer ?? ''}
        multiline={qa.type === 'PARAGRAPH'}
        disabled={!editable}
        status={missing ? 'error' : undefined}
        aria-describedby={missing ? errorId : undefined}
        onSave={onSave}
      />
      {missing && (
        <div id={errorId} className="run-draft-error">
          {t('required')}
        </div>
      )}
      <QuestionnaireImages auditId={auditId} qa={qa} editable={editable} />
    </div>
  );
}
