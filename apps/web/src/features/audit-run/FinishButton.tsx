import { useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { FlagOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { finishProblems, type TAudit } from '@audit/domain/audits';
import { CATALOGUE } from '@audit/domain/errors';
import { isApiError, isError } from '../../api/errors';
import { errorMessage } from '../../i18n/errorMessage';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/feedback';
import { AUDITS_QUERY_KEY, auditRunQueryKey, finishAudit } from './auditRunApi';
import { useRun } from './RunContext';
import { AUDITS_LIST_PATH } from '../../manifest/auditPaths';
import { useQueuedFor } from '../../offline/queueState';
import { auditResource } from './offline/auditResource';
import { useOnline } from '../../ui/useOnline';

/** The finish problems that point to the contacts section rather than to a question. */
const CONTACT_REFERENCES: string[] = [CATALOGUE.contactMissing.reference, CATALOGUE.contactEmailInvalid.reference];

/**
 * Finish: the same checks as the server first (finishProblems), pointing at the questions; then
 * PATCH finished. The server's 493/495/496/497/AUD0001 highlight its `fields`. On success the
 * audits lists are invalidated and the user goes back to them.
 */
export function FinishButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { auditId, ui } = useRun();
  // Finishing before the queued changes reach the server would leave them out (and refuse them after).
  // Not disabled while a tap saves (its colours faded twice per tap): finishAudit waits for those writes.
  const online = useOnline();
  const queued = useQueuedFor(auditResource(auditId)).count;
  const unsynced = !online || queued > 0;
  const [confirming, setConfirming] = useState(false);
  // The dialog is mounted from its first opening on (then kept, for its closing animation): closed, it
  // would otherwise render again with the button each time a tap starts or ends a save.
  const [asked, setAsked] = useState(false);

  const point = (questions: string[], contacts: boolean) => {
    ui.setHighlighted(questions);
    const audit = queryClient.getQueryData<TAudit>(auditRunQueryKey(auditId));
    const first = audit?.sections.find((s) => s.questions.some((q) => q._id === questions[0]));
    if (first && questions[0]) ui.scrollToQuestion(first._id, questions[0]);
    else if (contacts) {
      const contacts = audit?.sections.find((s) => s.type === 'CONTACTS');
      if (contacts) ui.scrollToSection(contacts._id);
    }
  };

  const finish = useMutation({
    mutationFn: () => finishAudit(auditId),
    meta: { silent: true },
    onSuccess: async (finished) => {
      notifySuccess('updateSuccess');
      // The run query may outlive the page a few seconds (prefetch): keep it true to the server.
      queryClient.setQueryData(auditRunQueryKey(auditId), finished);
      navigate(AUDITS_LIST_PATH);
      // Everything under 'audits' but this page's own query, which is dropped when the page unmounts.
      await queryClient.invalidateQueries({ queryKey: AUDITS_QUERY_KEY, predicate: (q) => q.queryKey[1] !== 'run' });
    },
    onError: (error) => {
      setConfirming(false);
      void message.error(errorMessage(error));
      if (isApiError(error)) point(error.fields, isError(error, 'contactMissing', 'contactEmailInvalid'));
    },
  });

  const start = () => {
    const audit = queryClient.getQueryData<TAudit>(auditRunQueryKey(auditId));
    const problem = audit && finishProblems(audit);
    if (problem) {
      void message.error(t(`alert.error.BADREQUESTERROR.${problem.reference}`));
      point(problem.questions, CONTACT_REFERENCES.includes(problem.reference));
      return;
    }
    ui.setHighlighted([]);
    setAsked(true);
    setConfirming(true);
  };

  return (
    <>
      <Tooltip title={unsynced ? t('alert.error.changesWaiting') : undefined}>
        <Button type="primary" icon={<FlagOutlined />} onClick={start} disabled={unsynced} loading={finish.isPending}>
          {t('auditRun.finish.button')}
        </Button>
      </Tooltip>
      {asked && (
        <ConfirmDialog
          open={confirming}
          danger={false}
          title={t('auditRun.finish.title')}
          content={t('auditRun.finish.question')}
          confirmText={t('auditRun.finish.button')}
          loading={finish.isPending}
          onConfirm={() => finish.mutate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
