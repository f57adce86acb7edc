import { Alert, Card, Flex, Progress, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TVisitPlanCounts } from '@audit/domain/visit-plans/schemas';
import type { TCalendarPanelProps } from '../../manifest/manifest';
import { ErrorState } from '../../ui/PageStates';
import { useSummary } from './visitPlansApi';

/** The three figures of a year side by side, with the "behind" flag. */
export function PlanCounts({ counts, compact = false }: { counts: TVisitPlanCounts; compact?: boolean }) {
  const { t } = useTranslation();
  const percent = counts.hired ? Math.round((counts.done / counts.hired) * 100) : 0;
  if (compact)
    return (
      <Flex gap={8} wrap align="center">
        <span>{t('visitPlans.counts.short', counts)}</span>
        {counts.behind && <Tag color="orange">{t('visitPlans.behind')}</Tag>}
      </Flex>
    );
  return (
    <Flex vertical gap={8}>
      <Flex gap={24} wrap>
        <Statistic title={t('visitPlans.counts.hired')} value={counts.hired} />
        <Statistic title={t('visitPlans.counts.planned')} value={counts.planned} />
        <Statistic title={t('visitPlans.counts.done')} value={counts.done} />
      </Flex>
      <Progress percent={percent} status={counts.behind ? 'exception' : 'normal'} aria-label={t('visitPlans.counts.progress')} />
      {counts.behind && <Tag color="orange">{t('visitPlans.behind')}</Tag>}
    </Flex>
  );
}

/**
 * Hired vs planned vs done for a year (decision 0089): the whole office, or one client. The visit
 * plan page shows it, and the calendar above its month (CalendarPlanPanel).
 */
export function VisitPlanPanel({ year, clientId }: { year: number; clientId?: string }) {
  const { t } = useTranslation();
  const summary = useSummary(year, clientId);
  const title = t('visitPlans.panelTitle', { year });
  if (summary.isPending)
    return (
      <Card title={title} size="small">
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  const clients = summary.data.clients;
  const total = clients.reduce(
    (s, c) => ({
      hired: s.hired + c.hired,
      planned: s.planned + c.planned,
      proposed: s.proposed + c.proposed,
      confirmed: s.confirmed + c.confirmed,
      done: s.done + c.done,
      behind: s.behind || c.behind,
    }),
    { hired: 0, planned: 0, proposed: 0, confirmed: 0, done: 0, behind: false },
  );
  const behind = clients.filter((c) => c.behind).length;
  return (
    <Card title={title} size="small" data-testid="visit-plan-panel">
      {clients.length === 0 ? (
        <Typography.Text type="secondary">{t('visitPlans.panelEmpty')}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          <PlanCounts counts={total} />
          {behind > 0 && !clientId && <Alert type="warning" showIcon message={t('visitPlans.clientsBehind', { count: behind })} />}
        </Flex>
      )}
    </Card>
  );
}

/** The panel above the calendar: the year of the range it shows, its client filter if any. */
export function CalendarPlanPanel({ range, client }: TCalendarPanelProps) {
  return <VisitPlanPanel year={Number(range.from.slice(0, 4))} clientId={client} />;
}
