import './charts/charts.css';
import { useState } from 'react';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FINAL_STATUSES, statusesOf } from '@audit/domain/incidents';
import { notifyError } from '../../ui/feedback';
import { ErrorState } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { BarChart } from './charts/BarChart';
import { ChartCard } from './charts/ChartCard';
import { ColumnChart } from './charts/ColumnChart';
import { formatCount, formatPct } from './charts/format';
import { auditsHref, incidentsHref } from './drill';
import { auditRiskBars, establishmentsFigure, HIGH_LEVELS, monthlyFigure, RESOLVED_STATUSES } from './figures';
import { DigestSwitch } from './DigestSwitch';
import { Figure } from './Figure';
import { FilterBar } from './filter/FilterBar';
import { downloadStatistics, useFigure } from './statisticsApi';
import { useStatisticsScreen } from './useStatisticsScreen';

const OPEN_STATUSES = statusesOf('audits').filter((s) => !FINAL_STATUSES.includes(s));

/**
 * /client-audits/resume, the client's dashboard (product document: "summary with filters, benchmark
 * analytics, corporate report, PDF and Excel downloads"): the summary's figures, the
 * establishments' benchmark, score and incidents per month, and the two downloads of the same filter.
 */
export function ResumePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { isMobile } = useViewport();
  const { filter, setFilter, body } = useStatisticsScreen('resume');
  const summary = useFigure('summary', body);
  const scores = useFigure('benchmark', body);
  const issues = useFigure('issueBenchmark', body);
  const monthly = useFigure('chartData', body);
  const [downloading, setDownloading] = useState<'excel' | 'categorizationPdf' | null>(null);
  const links = { kind: 'client' as const, body };

  const download = async (kind: 'excel' | 'categorizationPdf') => {
    setDownloading(kind);
    try {
      await downloadStatistics(kind, body, kind === 'excel' ? `${t('statistics.excelName')}.xlsx` : `${t('statistics.pdfName')}.pdf`);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };

  const s = summary.data;
  const count = (n: number) => formatCount(n, language);
  const establishments = scores.data && issues.data ? establishmentsFigure(scores.data, issues.data, t, language, links) : undefined;
  const series = monthly.data ? monthlyFigure(monthly.data, t, language) : undefined;

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          {t('statistics.resumeTitle')}
        </Typography.Title>
        <Flex gap={12} wrap align="center">
          <DigestSwitch />
          <Button icon={<FileExcelOutlined />} loading={downloading === 'excel'} onClick={() => void download('excel')} data-testid="stats-excel">
            {t('statistics.downloadExcel')}
          </Button>
          <Button
            icon={<FilePdfOutlined />}
            loading={downloading === 'categorizationPdf'}
            onClick={() => void download('categorizationPdf')}
            data-testid="stats-pdf"
          >
            {t('statistics.downloadPdf')}
          </Button>
        </Flex>
      </Flex>
      <FilterBar value={filter} onChange={setFilter} />
      <div className="stats-grid">
        <Card className="stats-grid-wide" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('statistics.summary')}</h2>} data-testid="stats-summary">
          {summary.isPending && !s ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : summary.error && !s ? (
            <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
          ) : s ? (
            <div className="stats-figures">
              <Figure testId="fig-audits" label={t('statistics.figures.audits')} value={count(s.audits)} href={auditsHref('client', body)} />
              <Figure testId="fig-score" label={t('statistics.figures.avgScore')} value={formatPct(s.avgScorePct, language)} />
              <Figure testId="fig-issues" label={t('statistics.figures.issues')} value={count(s.issues.issues)} href={incidentsHref(body)} />
              <Figure testId="fig-high" label={t('statistics.risk.high')} value={count(s.issues.high)} href={incidentsHref(body, { riskLevel: HIGH_LEVELS })} />
              <Figure
                testId="fig-medium"
                label={t('statistics.risk.medium')}
                value={count(s.issues.medium)}
                href={incidentsHref(body, { riskLevel: ['medium'] })}
              />
              <Figure testId="fig-low" label={t('statistics.risk.low')} value={count(s.issues.low)} href={incidentsHref(body, { riskLevel: ['low'] })} />
              <Figure
                testId="fig-infrastructure"
                label={t('statistics.risk.infrastructure')}
                value={count(s.issues.infrastructure)}
                href={incidentsHref(body, { riskLevel: ['infrastructure'] })}
              />
              <Figure
                testId="fig-resolved"
                label={t('statistics.figures.resolved')}
                value={count(s.issues.resolved)}
                href={incidentsHref(body, { status: RESOLVED_STATUSES })}
              />
              <Figure
                testId="fig-open"
                label={t('statistics.figures.open')}
                value={count(s.issues.issues - s.issues.resolved)}
                href={incidentsHref(body, { status: OPEN_STATUSES })}
              />
            </div>
          ) : null}
        </Card>
        <ChartCard
          title={t('statistics.charts.benchmark')}
          testId="chart-benchmark"
          query={scores.error ? scores : issues}
          csvName={t('statistics.charts.benchmark')}
          dataset={establishments?.dataset}
          wide={!isMobile}
          startAsTable
        >
          {establishments && <BarChart bars={establishments.bars} max={100} label={t('statistics.charts.benchmark')} testId="benchmark-bars" />}
        </ChartCard>
        <ChartCard
          title={t('statistics.charts.scoreOverTime')}
          testId="chart-score-time"
          query={monthly}
          csvName={t('statistics.charts.monthly')}
          dataset={series?.dataset}
        >
          {series && <ColumnChart columns={series.score} max={100} label={t('statistics.charts.scoreOverTime')} />}
        </ChartCard>
        <ChartCard
          title={t('statistics.charts.issuesOverTime')}
          testId="chart-issues-time"
          query={monthly}
          csvName={t('statistics.charts.monthly')}
          dataset={series?.dataset}
        >
          {series && <ColumnChart columns={series.issues} label={t('statistics.charts.issuesOverTime')} color="#fa8c16" />}
        </ChartCard>
        <ChartCard
          title={t('statistics.charts.auditsByRisk')}
          testId="chart-audit-risk"
          query={summary}
          csvName={t('statistics.charts.auditsByRisk')}
          empty={s ? s.audits === 0 : undefined}
          dataset={
            s
              ? {
                  columns: [
                    { key: 'risk', label: t('statistics.columns.auditRisk'), kind: 'text' },
                    { key: 'audits', label: t('statistics.columns.audits'), kind: 'count' },
                  ],
                  rows: auditRiskBars(s.byRisk, t, language).map((bar) => ({ risk: bar.label, audits: bar.value })),
                }
              : undefined
          }
        >
          {s && <BarChart bars={auditRiskBars(s.byRisk, t, language)} label={t('statistics.charts.auditsByRisk')} />}
        </ChartCard>
      </div>
    </>
  );
}
