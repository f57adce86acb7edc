import { useState } from 'react';
import { Button } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useRun } from '../RunContext';
import { useAuditSelect } from '../useAuditSelect';
import { useQuestionnaireT } from './i18n';
import { QuestionnaireDialog } from './QuestionnaireDialog';
import { useQuestionnaire } from './questionnaireApi';
import { SentTag } from './SentTag';
import './questionnaire.css';

/**
 * The run view's way into the incident-and-emergency questionnaire: a button and its sent state,
 * shown only when the audit has one (its `questionnaire` is not null; the GET is not made otherwise).
 */
export function QuestionnaireEntry() {
  const t = useQuestionnaireT();
  const { auditId } = useRun();
  // The audit itself says whether its template had IE questions; only then is the questionnaire fetched.
  const hasOne = useAuditSelect(auditId, (audit) => audit.questionnaire !== null) ?? false;
  const { data: questionnaire } = useQuestionnaire(auditId, hasOne);
  const [open, setOpen] = useState(false);
  if (!questionnaire) return null;
  return (
    <div className="run-qn-entry">
      <Button icon={<AlertOutlined />} onClick={() => setOpen(true)} data-testid="questionnaire-open">
        {t('open')}
      </Button>
      <SentTag sent={questionnaire.sent} />
      <QuestionnaireDialog auditId={auditId} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
