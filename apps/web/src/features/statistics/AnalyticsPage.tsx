import './charts/charts.css';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from './charts/BarChart';
import { ChartCard } from './charts/ChartCard';
import { formatCount, formatDecimal, formatPct } from './charts/format';
import { Figure } from './Figure';
import { correctiveFigure, labFigure, repeatsFigure } from './rulesFigures';
import { benchmarkFigure, bioScoreFigure, byTypeFigure, completionFigure, countByRiskFigure, topFiveFigure } from './figures';
import { FilterBar } from './filter/FilterBar';
import { useFigure } from './statisticsApi';
import { useStatisticsScreen } from './useStatisticsScreen';

/**
 * /analytics/client and /analytics/auditor (decision 0079): the incident statistics (by risk, by
 * type, the five most frequent), the audit statistics (score per establishment and per template)
 * the register completion (by area access, month, establishment), and decision 0081's corrective
 * actions by age, lab results out of limits and repeat findings. The auditor's figures span
 * every client they serve: the server limits each call by the caller, not this screen.
 */
export function AnalyticsPage({ kind }: { kind: 'client' | 'auditor' }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { filter, setFilter, body } = useStatisticsScreen(`analytics-${kind}`);
  const links = { kind, body };
  const byRisk = useFigure('countByRisk', body);
  const byType = useFigure('byType', body);
  const topFive = useFigure('topFive', body);
  const benchmark = useFigure('benchmark', body);
  const bioScore = useFigure('bioScore', body);
  const byAccess = useFigure('byAccessCompletion', body);
  const byPeriod = useFigure('byPeriodCompletion', body);
  const byEstablishment = useFigure('byEstablishmentCompletion', body);
  const corrective = useFigure('correctiveByAge', body);
  const lab = useFigure('labOutOfLimits', body);
  const repeats = useFigure('repeatFindings', body);

  const risk = byRisk.data && countByRiskFigure(byRisk.data, t, language, links);
  const type = byType.data && byTypeFigure(byType.data, t, language);
  const five = topFive.data && topFiveFigure(topFive.data, t, language);
  const scores = benchmark.data && benchmarkFigure(benchmark.data, t, language, links);
  const templates = bioScore.data && bioScoreFigure(bioScore.data, t, language);
  const access = byAccess.data && completionFigure(byAccess.data, 'access', t, language);
  const period = byPeriod.data && completionFigure(byPeriod.data, 'period', t, language);
  const places = byEstablishment.data && completionFigure(byEstablishment.data, 'establishment', t, language);
  const actions = corrective.data && correctiveFigure(corrective.data, t, language);
  const limits = lab.data && labFigure(lab.data, t, language);
  const again = repeats.data && repeatsFigure(repeats.data, t, language, kind);
  const title = (key: string) => t(`statistics.charts.${key}`);
  const count = (n: number) => formatCount(n, language);

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0, marginBottom: 12 }}>
        {t(kind === 'client' ? 'statistics.analyticsClientTitle' : 'statistics.analyticsAuditorTitle')}
      </Typography.Title>
      <FilterBar value={filter} onChange={setFilter} />
      <div className="stats-grid">
        <ChartCard title={title('byRisk')} testId="chart-by-risk" query={byRisk} dataset={risk?.dataset} csvName={title('byRisk')}>
          {risk && <BarChart bars={risk.bars} label={title('byRisk')} testId="by-risk-bars" />}
        </ChartCard>
        <ChartCard title={title('byType')} testId="chart-by-type" query={byType} dataset={type?.dataset} csvName={title('byType')}>
          {type && <BarChart bars={type.bars} label={title('byType')} />}
        </ChartCard>
        <ChartCard title={title('topFive')} testId="chart-top-five" query={topFive} dataset={five?.dataset} csvName={title('topFive')}>
          {five && <BarChart bars={five.bars} label={title('topFive')} />}
        </ChartCard>
        <ChartCard
          title={title('scoreByEstablishment')}
          testId="chart-benchmark"
          query={benchmark}
          dataset={scores?.dataset}
          csvName={title('scoreByEstablishment')}
        >
          {scores && <BarChart bars={scores.bars} max={100} label={title('scoreByEstablishment')} testId="benchmark-bars" />}
        </ChartCard>
        <ChartCard title={title('bioScore')} testId="chart-bio-score" query={bioScore} dataset={templates?.dataset} csvName={title('bioScore')}>
          {templates && <BarChart bars={templates.bars} max={100} label={title('bioScore')} />}
        </ChartCard>
        <ChartCard
          title={title('completionByAccess')}
          testId="chart-completion-access"
          query={byAccess}
          dataset={access?.dataset}
          csvName={title('completionByAccess')}
        >
          {access && <BarChart bars={access.bars} max={100} label={title('completionByAccess')} />}
        </ChartCard>
        <ChartCard
          title={title('completionByPeriod')}
          testId="chart-completion-period"
          query={byPeriod}
          dataset={period?.dataset}
          csvName={title('completionByPeriod')}
        >
          {period && <BarChart bars={period.bars} max={100} label={title('completionByPeriod')} />}
        </ChartCard>
        <ChartCard
          title={title('completionByEstablishment')}
          testId="chart-completion-establishment"
          query={byEstablishment}
          dataset={places?.dataset}
          csvName={title('completionByEstablishment')}
        >
          {places && <BarChart bars={places.bars} max={100} label={title('completionByEstablishment')} />}
        </ChartCard>
        <ChartCard
          title={title('corrective')}
          testId="chart-corrective"
          query={corrective}
          dataset={actions?.dataset}
          empty={actions?.empty}
          csvName={title('corrective')}
        >
          {corrective.data && actions && (
            <>
              <div className="stats-figures" style={{ marginBottom: 12 }}>
                <Figure testId="fig-actions-open" label={t('statistics.figures.openActions')} value={count(corrective.data.open)} />
                <Figure testId="fig-actions-overdue" label={t('statistics.figures.overdueActions')} value={count(corrective.data.overdue)} />
                <Figure testId="fig-actions-closed" label={t('statistics.figures.closedActions')} value={count(corrective.data.closed)} />
                <Figure
                  testId="fig-actions-days"
                  label={t('statistics.figures.avgDaysToClose')}
                  value={formatDecimal(corrective.data.avgDaysToClose, language)}
                />
              </div>
              <BarChart bars={actions.bars} label={title('corrective')} />
            </>
          )}
        </ChartCard>
        <ChartCard
          title={title('labOutOfLimits')}
          testId="chart-lab"
          query={lab}
          dataset={limits?.dataset}
          empty={limits?.empty}
          csvName={title('labOutOfLimits')}
        >
          {lab.data && limits && (
            <>
              <div className="stats-figures" style={{ marginBottom: 12 }}>
                <Figure testId="fig-lab-results" label={t('statistics.figures.labResults')} value={count(lab.data.results)} />
                <Figure
                  testId="fig-lab-out"
                  label={t('statistics.figures.outOfLimits')}
                  value={`${count(lab.data.outOfLimits)} (${formatPct(lab.data.outOfLimitsPct, language)})`}
                />
              </div>
              <BarChart bars={limits.bars} max={100} label={title('labOutOfLimits')} />
            </>
          )}
        </ChartCard>
        <ChartCard title={title('repeats')} testId="chart-repeats" query={repeats} dataset={again?.dataset} csvName={title('repeats')} wide>
          {again && <BarChart bars={again.bars} label={title('repeats')} />}
        </ChartCard>
      </div>
    </>
  );
}
