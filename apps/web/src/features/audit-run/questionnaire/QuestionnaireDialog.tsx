import { useState, type MouseEvent } from 'react';
import { Alert, Button, Flex, Modal } from 'antd';
import { CheckCircleOutlined, CloudUploadOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { useRun } from '../RunContext';
import { useQuestionnaireT } from './i18n';
import { QuestionnaireItem } from './QuestionnaireItem';
import { useQuestionnaire, useQuestionnaireSaving, useSetSent } from './questionnaireApi';
import { groupBySection, refusedQuestionIds, stillMissing } from './questionnaireModel';
import { SentTag } from './SentTag';

/** Calls document, constants: "Questionnaire dialog width | 720". */
export const QUESTIONNAIRE_DIALOG_WIDTH = 720;

const inputId = (questionId: string) => `questionnaire-${questionId}`;

/**
 * Footer buttons keep the focus where it is on mousedown and save the answer being typed on click,
 * then act. Otherwise the blur on mousedown saves the answer, its marks go, the dialog shrinks and the
 * footer moves from under the pointer before mouseup: the click would be lost.
 */
const footerAction = (action: () => void) => ({
  onMouseDown: (event: MouseEvent) => event.preventDefault(),
  onClick: () => {
    const typing = document.activeElement;
    if (typing instanceof HTMLElement && typing.closest('.run-qn-item')) typing.blur();
    action();
  },
});

interface TProps {
  auditId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The questionnaire: every question under its section title, answered in place (saved on blur or
 * Enter), photos, the sent state and Send. Whether it can be sent is the server's call: refused (the
 * catalogue message comes from the shared mutation error toast), the questions it names are marked
 * until answered. Once sent the answers are locked, until it is marked as not sent again.
 */
export function QuestionnaireDialog({ auditId, open, onClose }: TProps) {
  const t = useQuestionnaireT();
  const { runnable } = useRun();
  const { data: questionnaire } = useQuestionnaire(auditId);
  const sending = useSetSent(auditId);
  const saving = useQuestionnaireSaving(auditId);
  // The question ids the last refused Send named.
  const [refused, setRefused] = useState<string[]>([]);
  if (!questionnaire) return null;
  const missing = stillMissing(refused, questionnaire);
  const editable = runnable && !questionnaire.sent;

  const send = () =>
    sending.mutate(true, {
      onSuccess: () => setRefused([]),
      onError: (error) => {
        const ids = refusedQuestionIds(error, questionnaire);
        setRefused(ids);
        // Take the auditor to the first one (after the marks have rendered).
        if (ids[0]) setTimeout(() => document.getElementById(inputId(ids[0]!))?.focus(), 0);
      },
    });

  const footer = (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Flex align="center" gap={8}>
        <SentTag sent={questionnaire.sent} />
        {runnable && (
          <span className="run-qn-saving" aria-live="polite">
            {saving ? (
              <>
                <CloudUploadOutlined /> {t('saving')}
              </>
            ) : (
              <>
                <CheckCircleOutlined /> {t('saved')}
              </>
            )}
          </span>
        )}
      </Flex>
      <Flex gap={8}>
        <Button {...footerAction(onClose)}>{t('close')}</Button>
        {runnable && questionnaire.sent && (
          <Button icon={<UndoOutlined />} loading={sending.isPending} {...footerAction(() => sending.mutate(false))}>
            {t('unsend')}
          </Button>
        )}
        {runnable && !questionnaire.sent && (
          <Button type="primary" icon={<SendOutlined />} loading={sending.isPending} {...footerAction(send)}>
            {t('send')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('title')}
      width={QUESTIONNAIRE_DIALOG_WIDTH}
      destroyOnHidden
      footer={footer}
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
      className="run-qn-dialog"
    >
      <p className="run-muted run-qn-notice">{!runnable ? t('readOnly') : questionnaire.sent ? t('sentLocked') : t('hint')}</p>
      {missing.length > 0 && <Alert className="run-qn-notice" type="error" showIcon title={t('missing', { count: missing.length })} />}
      {groupBySection(questionnaire.questionsAnswers).map((group) => (
        <section key={group.title} className="run-qn-group">
          <h4 className="run-qn-group-title">{group.title}</h4>
          {group.questions.map((qa) => (
            <QuestionnaireItem key={qa._id} auditId={auditId} qa={qa} inputId={inputId(qa._id)} editable={editable} missing={missing.includes(qa._id)} />
          ))}
        </section>
      ))}
    </Modal>
  );
}
