import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { finishedDay, formatDay } from './reportFormat';

/** Title block of the report with the page's actions (PDF, share) on the right. */
export function ReportHeader({ audit, onBack, actions }: { audit: TAudit; onBack?: () => void; actions?: ReactNode }) {
  const { t } = useTranslation();
  const when = audit.finishedDate
    ? t('report.finishedOn', { date: finishedDay(audit) })
    : t('report.dates', { from: formatDay(audit.date[0]), to: formatDay(audit.date[1]) });
  return (
    <Flex justify="space-between" align="center" gap={12} wrap className="report-header">
      <Flex align="center" gap={12} style={{ minWidth: 0, flex: '1 1 260px' }}>
        {onBack && <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('common.back')} />}
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }} ellipsis>
            {audit.template.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {audit.service.name} · {audit.establishment.name} · {when}
            {audit.auditor ? ` · ${audit.auditor.name}` : ''}
          </Typography.Text>
        </div>
      </Flex>
      {actions && <Flex gap={8}>{actions}</Flex>}
    </Flex>
  );
}
