import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RISK_COLORS } from '@audit/domain/constants';
import type { TAudit } from '@audit/domain/audits';
import { formatPercent } from './reportFormat';
import { GOAL_BAND_COLORS, goalBand, sectionPercent } from '@audit/domain/score';

/** Horizontal bars drawn with plain elements: a label, a track, a fill and the value. */
function Bar({ label, value, max, color, text }: { label: string; value: number; max: number; color: string; text: string | null }) {
  const width = max > 0 ? Math.min(100, (value * 100) / max) : 0;
  return (
    <div className="report-bar" role="img" aria-label={`${label}: ${text ?? value}`}>
      <span className="report-bar-label" title={label}>
        {label}
      </span>
      <span className="report-bar-track">
        <span className="report-bar-fill" style={{ width: `${width}%`, background: color }} />
      </span>
      <span className="report-bar-value">{text ?? ''}</span>
    </div>
  );
}

/** Score charts: the audit's final score, then each scored section's percentage. */
export function ScoreCharts({ audit }: { audit: TAudit }) {
  const { t, i18n } = useTranslation();
  const scored = audit.sections.filter((s) => s.type === 'QUESTION' && s.totalScore > 0);
  const final = audit.percentage ?? 0;
  const colorOf = (p: number) => {
    const band = goalBand(p, audit.valueGoal);
    return band ? GOAL_BAND_COLORS[band] : '#0b6e5f';
  };
  return (
    <div className="report-chart" data-testid="score-charts">
      <Typography.Text strong>{t('report.charts.scoreBySection')}</Typography.Text>
      {/* Calls document, section 9: the final-score bar gets no label at 100 % or more. */}
      <Bar
        label={t('report.summary.finalScore')}
        value={final}
        max={100}
        color={colorOf(final)}
        text={final >= 100 ? null : formatPercent(final, i18n.language)}
      />
      {scored.map((s) => {
        const p = sectionPercent(s) ?? 0;
        return <Bar key={s._id} label={s.title} value={p} max={100} color={colorOf(p)} text={formatPercent(p, i18n.language)} />;
      })}
    </div>
  );
}

/** Issue charts: the counts by risk level, then the issues of each section. */
export function IssueCharts({ audit }: { audit: TAudit }) {
  const { t } = useTranslation();
  const levels = [
    { key: 'high', value: audit.highRiskIssuesCount, color: RISK_COLORS.high },
    { key: 'medium', value: audit.mediumIssuesCount, color: RISK_COLORS.medium },
    { key: 'low', value: audit.lowIssuesCount, color: RISK_COLORS.low },
    { key: 'infrastructure', value: audit.infraIssuesCount, color: RISK_COLORS.infrastructure },
  ];
  const max = Math.max(1, ...levels.map((l) => l.value));
  const sections = audit.sections.filter((s) => s.type === 'QUESTION');
  const sectionMax = Math.max(1, ...sections.map((s) => s.totalIssuesCount));
  return (
    <div className="report-chart" data-testid="issue-charts">
      <Typography.Text strong>{t('report.charts.issuesByRisk')}</Typography.Text>
      {levels.map((l) => (
        <Bar key={l.key} label={t(`report.riskLevel.${l.key}`)} value={l.value} max={max} color={l.color} text={String(l.value)} />
      ))}
      <Typography.Text strong style={{ marginTop: 12 }}>
        {t('report.charts.issuesBySection')}
      </Typography.Text>
      {sections.map((s) => (
        <Bar key={s._id} label={s.title} value={s.totalIssuesCount} max={sectionMax} color="#5b7a86" text={String(s.totalIssuesCount)} />
      ))}
    </div>
  );
}
