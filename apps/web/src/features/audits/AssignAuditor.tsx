import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAuditListItem } from '@audit/domain/audits';
import { useAssignAudit } from './auditsApi';
import { useAuditorOptions } from './optionsApi';

/**
 * The auditor of an audit, and the choice of another while the audit is not started (its `can.assign`,
 * from the server's policy): planning is the office's (an administrator, AUDIT:WRITE); the run stays the auditor's.
 */
export function AssignAuditor({ audit }: { audit: TAuditListItem }) {
  const { t } = useTranslation();
  const auditors = useAuditorOptions(audit.can.assign ? audit.client._id : undefined);
  const assign = useAssignAudit();
  if (!audit.can.assign) return <>{audit.auditor?.name ?? '—'}</>;
  const options = (auditors.data ?? []).map((a) => ({ value: a._id, label: a.fullName }));
  // The current auditor stays named while the list loads (or if they left the company's list).
  if (audit.auditor && !options.some((o) => o.value === audit.auditor!._id)) options.unshift({ value: audit.auditor._id, label: audit.auditor.name });
  return (
    <Select
      style={{ width: '100%', maxWidth: 320 }}
      value={audit.auditor?._id}
      options={options}
      loading={auditors.isPending || assign.isPending}
      disabled={assign.isPending}
      aria-label={t('audits.preview.assign')}
      title={t('audits.preview.assignHint')}
      showSearch
      optionFilterProp="label"
      onChange={(auditor: string) => assign.mutate({ id: audit._id, auditor })}
      data-testid="audit-assign"
    />
  );
}
