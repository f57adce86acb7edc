import { answerTypeOf, type TAuditQuestion, type TTemplateAnswer } from '@audit/domain/audits';
import { ContactsEditor } from './ContactsEditor';
import { DateAnswer } from './DateAnswer';
import { BOUNDS } from '@audit/domain/bounds';
import { DecimalInput } from './DecimalInput';
import { DraftInput } from './DraftInput';
import { ReadingRegistry } from './ReadingRegistry';
import { SelectAnswer } from './SelectAnswer';

const LONG_TEXT = ['objective', 'evolution', 'summary'];

interface TProps {
  question: TAuditQuestion;
  disabled: boolean;
  onSave: (answer: TTemplateAnswer | null) => void;
  /** A reading place's new name (reading-registry questions). */
  onRenamePlace?: (placeId: string, name: string) => void;
  inputId: string;
}

/**
 * The answer widget of a question card, by type (product document, section 2): select buttons,
 * decimal, date or date range, reading table, contacts list, text area for paragraphs and long
 * texts; any other type is a text input. Clearing a value removes the answer (null).
 */
export function QuestionWidget({ question, disabled, onSave, onRenamePlace, inputId }: TProps) {
  const kind = answerTypeOf(question.type, question.text);
  const answer = question.answer?.templateAnswer;
  const text = answer?.type === 'text' ? answer.text : answer?.type === 'paragraph' ? answer.paragraph : null;
  const saveText = (value: string | null) =>
    onSave(value?.trim() ? (kind === 'paragraph' ? { type: 'paragraph', paragraph: value } : { type: 'text', text: value }) : null);
  const label = { 'aria-label': question.name, id: inputId };

  switch (kind) {
    case 'select':
      return <SelectAnswer question={question} disabled={disabled} onChange={(select) => onSave(select.length ? { type: 'select', select } : null)} />;
    case 'number':
      return (
        <DecimalInput
          {...label}
          value={answer?.type === 'number' ? answer.number : null}
          disabled={disabled}
          bound={BOUNDS.numberAnswer}
          onSave={(n) => onSave(n === null ? null : { type: 'number', number: n })}
        />
      );
    case 'readingRegistry':
      return (
        <ReadingRegistry
          question={question}
          disabled={disabled}
          onSave={(readings) => onSave(readings.length ? { type: 'readingRegistry', readingRegistry: readings } : null)}
          onRenamePlace={onRenamePlace}
        />
      );
    case 'paragraph':
      return <DraftInput {...label} multiline value={text ?? ''} disabled={disabled} onSave={saveText} />;
    default:
      if (question.type === 'date' || question.type === 'audit_date')
        return <DateAnswer {...label} range={question.type === 'audit_date'} value={text} disabled={disabled} onChange={saveText} />;
      if (question.type === 'contact_information') return <ContactsEditor label={question.name} value={text} disabled={disabled} onSave={saveText} />;
      return <DraftInput {...label} multiline={LONG_TEXT.includes(question.type)} value={text ?? ''} disabled={disabled} onSave={saveText} />;
  }
}
