import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Grid, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TAuditListItem } from '@audit/domain/audits';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState } from '../../ui/PageStates';
import { TopProgress } from '../../ui/TopProgress';
import { AssignAuditor } from './AssignAuditor';
import { formatDay, formatRange } from './auditFormat';
import { useExecuteAudit, usePreview, useReopenAudit } from './auditsApi';
import { StatusTag } from './AuditTags';
import { runPath } from '../../manifest/auditPaths';
import { preloadPath } from '../../manifest/registry';

export const reportPath = (id: string) => `/auditor/audits/report/${id}`;

/**
 * GET /audits/{id}/get-preview, the audit's detail (client, establishment, owner, its sections),
 * and what can be done next (product document, sections 2 and 4):
 * a draft (or accepted) audit is started with execute, from scratch or from the last audit; a
 * running one is continued; a finished one opens its report or is reopened after a warning.
 */
export function AuditPreviewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = usePreview(id);
  const audit = preview.data;
  const phone = !Grid.useBreakpoint().sm;
  return (
    <Modal
      open={Boolean(id)}
      onCancel={onClose}
      title={t('audits.preview.title')}
      footer={audit ? <PreviewActions audit={audit} onClose={onClose} /> : null}
      width={640}
      destroyOnHidden
    >
      {preview.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {preview.isError && <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />}
      {audit && (
        <div data-testid="audit-preview">
          {audit.isIncomplete && <Alert type="warning" showIcon title={t('audits.preview.incompleteInfo')} style={{ marginBottom: 16 }} />}
          <Descriptions
            column={1}
            size="small"
            bordered
            // On a phone the two columns of a bordered table do not fit a long name or the auditor selector: labels go above.
            layout={phone ? 'vertical' : 'horizontal'}
            items={[
              { key: 'template', label: t('audits.fields.template'), children: audit.template.name },
              { key: 'client', label: t('audits.fields.client'), children: audit.client.name },
              { key: 'establishment', label: t('audits.fields.establishment'), children: audit.establishment.name },
              { key: 'service', label: t('audits.fields.service'), children: audit.service.name },
              { key: 'owner', label: t('audits.fields.owner'), children: audit.owner?.name ?? '—' },
              { key: 'auditor', label: t('audits.fields.auditor'), children: <AssignAuditor audit={audit} /> },
              { key: 'startDate', label: t('audits.fields.startDate'), children: formatDay(audit.startDate) },
              { key: 'date', label: t('audits.fields.dateRange'), children: formatRange(audit.date) },
              { key: 'status', label: t('audits.fields.status'), children: <StatusTag status={audit.status} /> },
              {
                key: 'sections',
                label: t('audits.fields.sections', { count: audit.sections.length }),
                children: audit.sections.length ? (
                  <ol className="audit-preview-sections" data-testid="audit-preview-sections">
                    {audit.sections.map((s) => (
                      <li key={s._id}>{s.title}</li>
                    ))}
                  </ol>
                ) : (
                  '—'
                ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

function PreviewActions({ audit, onClose }: { audit: TAuditListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const execute = useExecuteAudit();
  const reopen = useReopenAudit();
  const [confirmReopen, setConfirmReopen] = useState(false);
  // Which start was asked for: set in the click itself, so the button spins before anything else
  // runs, and kept once the server answered until the run page replaces this dialog, so the audit is
  // never started twice (issue 23: nothing showed for seconds, then the button was enabled again).
  const [starting, setStarting] = useState<'fresh' | 'previous' | null>(null);
  const start = (usePrevious: boolean) => {
    if (starting) return;
    setStarting(usePrevious ? 'previous' : 'fresh');
    preloadPath(runPath(audit._id));
    execute.mutate({ id: audit._id, usePrevious }, { onSuccess: () => navigate(runPath(audit._id)), onError: () => setStarting(null) });
  };
  // The server's audit policy answers what the caller may do (status, runner, permission).
  const { can } = audit;
  return (
    <Flex gap={8} justify="flex-end" wrap aria-busy={Boolean(starting)}>
      {starting && <TopProgress />}
      <Button onClick={onClose}>{t('common.close')}</Button>
      {can.start && audit.hasPreviousAudit && (
        <Button
          onClick={() => start(true)}
          loading={starting === 'previous'}
          disabled={audit.isIncomplete || Boolean(starting)}
          data-testid="audit-start-previous"
        >
          {t('audits.preview.startFromLast')}
        </Button>
      )}
      {can.start && (
        <Button
          type="primary"
          onClick={() => start(false)}
          loading={starting === 'fresh'}
          disabled={audit.isIncomplete || Boolean(starting)}
          data-testid="audit-start"
        >
          {t('audits.preview.start')}
        </Button>
      )}
      {audit.status === 'running' && (
        <Button type="primary" onClick={() => navigate(runPath(audit._id))} data-testid="audit-continue">
          {t('audits.preview.continue')}
        </Button>
      )}
      {can.reopen && (
        <Button danger onClick={() => setConfirmReopen(true)} data-testid="audit-reopen">
          {t('audits.preview.reopen')}
        </Button>
      )}
      {audit.status === 'finished' && (
        <Button type="primary" onClick={() => navigate(reportPath(audit._id))} data-testid="audit-report">
          {t('audits.preview.viewReport')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmReopen}
        title={t('audits.preview.reopenTitle')}
        content={t('audits.preview.reopenQuestion')}
        confirmText={t('audits.preview.reopen')}
        loading={reopen.isPending}
        onCancel={() => setConfirmReopen(false)}
        onConfirm={() => reopen.mutate(audit._id, { onSuccess: () => setConfirmReopen(false) })}
      />
    </Flex>
  );
}
