import { useState } from 'react';
import { Button, Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { CardIcon } from './CardIcon';
import { t } from './runI18n';
import { AutoSizeTextArea } from './widgets/AutoSizeTextArea';

interface TProps {
  note: string | null;
  editable: boolean;
  onSave: (note: string) => unknown;
  questionName: string;
}

/** The question's note: shown as text; an editor with Create (disabled while empty) and Cancel, both closing it. */
export function NoteEditor({ note, editable, onSave, questionName }: TProps) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    return (
      <div className="run-note-editor">
        <AutoSizeTextArea
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
          minRows={2}
          maxRows={8}
          aria-label={t('auditRun.note.label', { name: questionName })}
          maxLength={20000}
        />
        <Flex gap={8} justify="flex-end">
          <Button onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!draft.trim()} onClick={() => (onSave(draft), setDraft(null))}>
            {note ? t('common.save') : t('auditRun.note.create')}
          </Button>
        </Flex>
      </div>
    );
  }
  return (
    <>
      {note && (
        <div className="run-note">
          <CardIcon name="form" /> <span className="run-note-text">{note}</span>
          {editable && (
            <span className="run-note-actions">
              <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('auditRun.note.edit')} onClick={() => setDraft(note)} />
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('auditRun.note.remove')} onClick={() => onSave('')} />
            </span>
          )}
        </div>
      )}
      {editable && !note && (
        <button type="button" className="run-btn" onClick={() => setDraft('')}>
          <CardIcon name="form" /> {t('auditRun.note.add')}
        </button>
      )}
    </>
  );
}
