import type { TAuditQuestion } from '@audit/domain/audits';
import { CardIcon } from './CardIcon';
import { ImageStrip } from './ImageStrip';
import { NoteEditor } from './NoteEditor';
import { useRun } from './RunContext';
import { t } from './runI18n';

interface TProps {
  question: TAuditQuestion;
  runnable: boolean;
  incidencesOpen: boolean;
  onToggleIncidences: () => void;
}

/**
 * Note, note images and the incidences toggle. The controls show only while the audit can be run
 * by this user; a read-only audit still shows the note, its images and a toggle when issues exist.
 */
export function QuestionFooter({ question, runnable, incidencesOpen, onToggleIncidences }: TProps) {
  const { notes } = useRun();
  const selected = question.issues.filter((i) => i.selected).length;
  const showToggle = runnable ? question.incidences.length > 0 || question.issues.length > 0 : selected > 0;
  return (
    <footer className="run-question-foot">
      <NoteEditor note={question.note} editable={runnable} questionName={question.name} onSave={(note) => notes.saveNote(question._id, note)} />
      {showToggle && (
        <button type="button" className="run-btn" aria-expanded={incidencesOpen} aria-controls={`incidences-${question._id}`} onClick={onToggleIncidences}>
          <CardIcon name="alert" /> {t('auditRun.incidence.toggle')}
          {selected > 0 && (
            <span className="run-count" aria-label={t('auditRun.incidence.selected', { count: selected })}>
              {selected}
            </span>
          )}
          <CardIcon name={incidencesOpen ? 'up' : 'down'} />
        </button>
      )}
      <ImageStrip
        images={question.noteImages}
        editable={runnable}
        addLabel={t('auditRun.note.addImage')}
        onAdd={(file) => notes.addImage(question._id, file)}
        onRemove={(id) => notes.removeImage(question._id, id)}
      />
    </footer>
  );
}
