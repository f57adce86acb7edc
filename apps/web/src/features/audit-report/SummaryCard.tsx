import { Flex, Typography } from 'antd';
import { ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUDIT_RISK_COLORS, RISK_COLORS } from '@audit/domain/constants';
import type { TAudit } from '@audit/domain/audits';
import { IssueCharts, ScoreCharts } from './ReportCharts';
import { formatPercent } from './reportFormat';
import { goalBand } from '@audit/domain/score';
import type { TReportLayout } from './reportLayout';
import { appliedDeduction } from './deduction';

/** Score against the goal: the arrow turns down when the goal is above the score, orange when close, red below (goalBand). */
function ScoreBlock({ audit }: { audit: TAudit }) {
  const { t, i18n } = useTranslation();
  const band = goalBand(audit.percentage, audit.valueGoal);
  const down = band === 'close' || band === 'below';
  return (
    <Flex gap={20} align="center" wrap className="report-score" data-testid="report-score">
      <div>
        <div className="report-kpi-label">{t('report.summary.score')}</div>
        <div className="report-kpi-value">{formatPercent(audit.percentage, i18n.language)}</div>
      </div>
      <ArrowUpOutlined
        className={`report-arrow${down ? ' is-down' : ''}${band === 'close' ? ' is-close' : ''}`}
        aria-label={t(down ? 'report.summary.belowGoal' : 'report.summary.reachedGoal')}
        data-testid="report-arrow"
      />
      <div>
        <div className="report-kpi-label">{t('report.summary.valueGoal')}</div>
        <div className="report-kpi-value is-goal">{formatPercent(audit.valueGoal, i18n.language)}</div>
      </div>
    </Flex>
  );
}

function Counts({ audit, only }: { audit: TAudit; only: 'all' | 'total' }) {
  const { t } = useTranslation();
  const all = [
    { key: 'total', value: audit.totalIssuesCount, color: '#1f2a30' },
    { key: 'high', value: audit.highRiskIssuesCount, color: RISK_COLORS.high },
    { key: 'medium', value: audit.mediumIssuesCount, color: RISK_COLORS.medium },
    { key: 'low', value: audit.lowIssuesCount, color: RISK_COLORS.low },
    { key: 'infrastructure', value: audit.infraIssuesCount, color: RISK_COLORS.infrastructure },
  ];
  return (
    <Flex gap={10} wrap data-testid="report-counts">
      {(only === 'total' ? all.slice(0, 1) : all).map((c) => (
        <div key={c.key} className="report-count" style={{ borderTopColor: c.color }} data-testid={`report-count-${c.key}`}>
          <span className="report-count-value" style={{ color: c.key === 'low' ? '#ad8b00' : c.color }}>
            {c.value}
          </span>
          <span className="report-count-label">{t(`report.riskLevel.${c.key}`)}</span>
        </div>
      ))}
    </Flex>
  );
}

/** Template, client › establishment, score and goal, incident counts, and the charts of the layout. */
export function SummaryCard({ audit, layout }: { audit: TAudit; layout: TReportLayout }) {
  const { t } = useTranslation();
  return (
    <div className="report-summary" data-testid="report-summary">
      <div className="report-summary-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {audit.template.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {/* The public link cannot read the client's name (it lives above the audit's space). */}
          {audit.client.name ? `${audit.client.name} › ${audit.establishment.name}` : audit.establishment.name}
        </Typography.Text>
      </div>
      <Flex gap={24} wrap align="center" justify="space-between">
        {layout.score && <ScoreBlock audit={audit} />}
        {layout.risk && (
          <div data-testid="report-risk">
            <div className="report-kpi-label">{t('report.summary.auditRisk')}</div>
            <span
              className="report-risk"
              style={{ background: AUDIT_RISK_COLORS[audit.recalculatedRisk], color: audit.recalculatedRisk === 'MEDIUM' ? '#5c4700' : '#fff' }}
            >
              {t(`report.risk.${audit.recalculatedRisk}`)}
            </span>
          </div>
        )}
        <Counts audit={audit} only={layout.counts} />
      </Flex>
      {appliedDeduction(audit.deductions) && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }} data-testid="report-deduction-rule">
          {t('report.summary.deductionRule', {
            value: appliedDeduction(audit.deductions)!.percentage,
            name: appliedDeduction(audit.deductions)!.name,
            count: audit.deductions.length,
          })}
        </Typography.Paragraph>
      )}
      {layout.charts === 'score' && <ScoreCharts audit={audit} />}
      {layout.charts === 'issues' && <IssueCharts audit={audit} />}
    </div>
  );
}
