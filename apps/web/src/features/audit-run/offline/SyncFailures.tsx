import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { ApiError } from '../../../api/errors';
import { errorMessage } from '../../../i18n/errorMessage';
import { auditRunQueryKey } from '../auditRunApi';
import { questionIndex } from '../auditCache';
import { currentUserId } from '../../../session/sessionOwner';
import { queueStore } from './queueStore';
import type { TFailure } from './records';
import { changeKindOf } from './replayRules';
import { onFailuresChanged } from './syncController';

/**
 * Changes the server refused when the queue was replayed (a 4xx): what was lost and why, in the
 * user's language, until the auditor dismisses them. Nothing refused is dropped silently.
 */
export function SyncFailures({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failures, setFailures] = useState<TFailure[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void queueStore.failures().then(
        (all) => alive && setFailures(all.filter((f) => f.user === currentUserId())),
        () => undefined,
      );
    load();
    const stop = onFailuresChanged(load);
    return () => {
      alive = false;
      stop();
    };
  }, []);
  if (!failures.length) return null;

  const audit = queryClient.getQueryData<TAudit>(auditRunQueryKey(auditId));
  const describe = (f: TFailure) => {
    const kind = t(`auditRun.offline.kind.${changeKindOf(f.url)}`);
    if (f.auditId !== auditId) return `${kind} (${t('auditRun.offline.failures.otherAudit')})`;
    const question = audit && f.questionId ? questionIndex(audit).get(f.questionId)?.question.name : undefined;
    return question ? t('auditRun.offline.kindOf', { kind, question }) : kind;
  };
  const why = (f: TFailure) => errorMessage(new ApiError(f.error.status, f.error.name, f.error.reference, ''));
  const dismiss = () => {
    const ids = failures.map((f) => f.id!);
    setFailures([]);
    void queueStore.dismissFailures(ids).catch(() => undefined);
  };
  return (
    <Alert
      type="error"
      showIcon
      className="run-sync-failures"
      data-testid="sync-failures"
      title={t('auditRun.offline.failures.title')}
      description={
        <>
          {t('auditRun.offline.failures.text')}
          <ul>
            {failures.map((f) => (
              <li key={f.id}>{t('auditRun.offline.failures.item', { what: describe(f), why: why(f) })}</li>
            ))}
          </ul>
        </>
      }
      action={<Button size="small" onClick={dismiss}>{t('auditRun.offline.failures.dismiss')}</Button>}
    />
  );
}
