import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_RISK_COLORS, RISK_COLORS } from '@audit/domain/constants';
import type { TAuditStatus, TIssueCounts, TRisk } from '@audit/domain/audits';
import { STATUS_COLORS } from './auditFormat';

export function StatusTag({ status, testId = 'audit-status' }: { status: TAuditStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId}>
      {t(`audits.status.${status}`)}
    </Tag>
  );
}

/** The audit's recalculated risk: red high, yellow medium, green low (dark text on yellow). */
export function RiskTag({ risk }: { risk: TRisk }) {
  const { t } = useTranslation();
  return (
    <Tag variant="solid" color={AUDIT_RISK_COLORS[risk]} style={{ color: risk === 'MEDIUM' ? '#5c4700' : '#fff', fontWeight: 500 }}>
      {t(`audits.risk.${risk}`)}
    </Tag>
  );
}

/** High, medium and low issue counts as three coloured badges (client audits). */
export function RiskCounts({ counts }: { counts: Pick<TIssueCounts, 'highRiskIssuesCount' | 'mediumIssuesCount' | 'lowIssuesCount'> }) {
  const { t } = useTranslation();
  const items = [
    { key: 'high', value: counts.highRiskIssuesCount, color: RISK_COLORS.high, text: '#fff' },
    { key: 'medium', value: counts.mediumIssuesCount, color: RISK_COLORS.medium, text: '#fff' },
    { key: 'low', value: counts.lowIssuesCount, color: RISK_COLORS.low, text: '#5c4700' },
  ];
  return (
    <Flex gap={6}>
      {items.map((item) => (
        <Tooltip key={item.key} title={t(`audits.riskLevel.${item.key}`)}>
          <span
            className="audit-risk-count"
            style={{ background: item.value ? item.color : '#f0f2f4', color: item.value ? item.text : '#8a969e' }}
            aria-label={`${t(`audits.riskLevel.${item.key}`)}: ${item.value}`}
          >
            {item.value}
          </span>
        </Tooltip>
      ))}
    </Flex>
  );
}
