import { useState } from 'react';
import { Button, Card, Empty, Flex, Modal, Select, Table, Tag, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDay } from '@audit/domain/dates';
import type { TVisitPlanSummary } from '@audit/domain/visit-plans/schemas';
import { userCan, useMe } from '../../session/me';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { ClientVisits } from './ClientVisits';
import { PlanCounts, VisitPlanPanel } from './VisitPlanPanel';
import { useActiveContracts, useGenerate, useGenerateYear, useSummary } from './visitPlansApi';

type TClientRow = TVisitPlanSummary['clients'][number];

/** The year in the address (`?year=`), this year by default. */
function useYear(): [number, (y: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : new Date().getFullYear();
  return [year, (y) => setParams((old) => new URLSearchParams({ ...Object.fromEntries(old), year: String(y) }), { replace: true })];
}

/**
 * /visit-plans (decision 0089): the office's year. Per client, visits hired, planned and done with
 * a "behind" flag; a client opens to its proposals (confirm, assign, move, drop); the plan of an
 * active contract is generated from here.
 */
export function VisitPlansPage() {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const me = useMe();
  const canWrite = userCan(me.data, 'CONTRACT:WRITE');
  const [year, setYear] = useYear();
  const summary = useSummary(year);
  const [generating, setGenerating] = useState(false);
  const now = new Date().getFullYear();
  const years = [now - 1, now, now + 1, now + 2].includes(year) ? [now - 1, now, now + 1, now + 2] : [year, now - 1, now, now + 1, now + 2];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('visitPlans.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Select
            aria-label={t('visitPlans.year')}
            value={year}
            onChange={setYear}
            options={years.sort().map((y) => ({ value: y, label: String(y) }))}
            style={{ width: 110 }}
            data-testid="plan-year"
          />
          {canWrite && (
            <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setGenerating(true)} data-testid="plan-generate">
              {t('visitPlans.generate')}
            </Button>
          )}
        </Flex>
      </Flex>
      <VisitPlanPanel year={year} />
      {summary.isPending ? (
        <PageSkeleton />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !summary.data.clients.length ? (
        <Card>
          <Empty description={t('visitPlans.empty', { year })} />
        </Card>
      ) : (
        <Table<TClientRow>
          rowKey={(c) => c.client._id}
          dataSource={summary.data.clients}
          pagination={false}
          scroll={isMobile ? { x: 560 } : undefined}
          expandable={{
            expandRowByClick: true,
            expandedRowRender: (c) => <ClientPlan row={c} year={year} />,
          }}
          columns={[
            { key: 'client', title: t('visitPlans.fields.client'), render: (_, c) => c.client.name },
            { key: 'hired', title: t('visitPlans.counts.hired'), align: 'right', render: (_, c) => c.hired },
            { key: 'planned', title: t('visitPlans.counts.planned'), align: 'right', render: (_, c) => c.planned },
            { key: 'done', title: t('visitPlans.counts.done'), align: 'right', render: (_, c) => c.done },
            {
              key: 'behind',
              title: '',
              render: (_, c) => (c.behind ? <Tag color="orange">{t('visitPlans.behind')}</Tag> : <Tag color="green">{t('visitPlans.onTrack')}</Tag>),
            },
          ]}
          data-testid="plan-clients"
        />
      )}
      <GenerateDialog open={generating} year={year} onClose={() => setGenerating(false)} />
    </Flex>
  );
}

/** A client's contracts (hired / planned / done each) and its proposals. */
function ClientPlan({ row, year }: { row: TClientRow; year: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      {row.contracts.map((c) => (
        <Flex key={c._id} gap={12} wrap align="center">
          <Typography.Text strong>{c.reference ?? t('visitPlans.noReference')}</Typography.Text>
          <PlanCounts counts={c} compact />
          {!c.generated && <Tag>{t('visitPlans.notGenerated')}</Tag>}
        </Flex>
      ))}
      <ClientVisits clientId={row.client._id} year={year} />
    </Flex>
  );
}

/** Every active contract of the year, the Select's first option (one request for all). */
const ALL = '*';

/** Generate (again) an active contract's plan for the year, or every one's; what the office already did is kept. */
function GenerateDialog({ open, year, onClose }: { open: boolean; year: number; onClose: () => void }) {
  const { t } = useTranslation();
  const contracts = useActiveContracts(open);
  const generate = useGenerate();
  const generateAll = useGenerateYear();
  const [contract, setContract] = useState<string | undefined>();
  const [result, setResult] = useState<string | null>(null);
  const close = () => {
    setResult(null);
    setContract(undefined);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('visitPlans.generateTitle', { year })}
      okText={t('visitPlans.generate')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !contract, loading: generate.isPending || generateAll.isPending }}
      onOk={() => {
        if (contract === ALL) generateAll.mutate({ year }, { onSuccess: (r) => setResult(t('visitPlans.generatedAll', r)) });
        else if (contract) generate.mutate({ contract, year }, { onSuccess: (r) => setResult(t('visitPlans.generated', r)) });
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('visitPlans.generateText')}</Typography.Paragraph>
        <Select
          showSearch
          optionFilterProp="label"
          aria-label={t('visitPlans.contract')}
          placeholder={t('visitPlans.pickContract')}
          loading={contracts.isPending}
          notFoundContent={contracts.isError ? t('common.loadError') : t('visitPlans.noActiveContracts')}
          options={
            contracts.data?.length
              ? [
                  { value: ALL, label: t('visitPlans.allContracts') },
                  ...contracts.data.map((c) => ({
                    value: c._id,
                    label: `${c.client.name} · ${c.reference ?? t('visitPlans.noReference')} · ${formatDay(c.startDate)}`,
                  })),
                ]
              : []
          }
          value={contract}
          onChange={setContract}
          data-testid="generate-contract"
        />
        {result && (
          <Typography.Text type="success" data-testid="generate-result">
            {result}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
