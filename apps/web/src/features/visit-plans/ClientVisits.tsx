import { useState } from 'react';
import { Alert, Button, DatePicker, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@audit/domain/dates';
import type { TPlannedVisit } from '@audit/domain/visit-plans/schemas';
import { visitRefusal } from '@audit/domain/visits/window';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { ConfirmVisits } from './ConfirmVisits';
import { useAuditors, useDropVisit, useUpdateVisit, useVisits } from './visitPlansApi';

const STATUS_COLOR = { PROPOSED: 'blue', CONFIRMED: 'green', DROPPED: 'default' } as const;

/** Why the window refuses a day (the shared rule), or null. */
const refusalOf = (v: TPlannedVisit, d: Dayjs) => visitRefusal(v.window, { month: d.month() + 1, day: d.date() });

/**
 * A client's planned visits of the year (decision 0089): select proposals and confirm them (each
 * becomes an audit), give one an auditor, move it to a day its window allows (a refused day is
 * disabled and the picker says why), or drop it. Every confirm and drop is asked first.
 */
export function ClientVisits({ clientId, year }: { clientId: string; year: number }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const visits = useVisits(year, clientId);
  const auditors = useAuditors(true);
  const update = useUpdateVisit();
  const drop = useDropVisit();
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState<'confirm' | { drop: TPlannedVisit } | null>(null);
  const [why, setWhy] = useState<string | null>(null);

  if (visits.isPending) return <PageSkeleton rows={3} />;
  if (visits.isError) return <ErrorState error={visits.error} onRetry={() => void visits.refetch()} />;
  const rows = visits.data;
  if (!rows.length) return <Typography.Text type="secondary">{t('visitPlans.noVisits')}</Typography.Text>;
  const auditorOptions = (auditors.data ?? []).map((a) => ({ value: a._id, label: a.fullName }));
  const chosen = rows.filter((r) => selected.includes(r._id));

  return (
    <Flex vertical gap={8} data-testid={`visits-${clientId}`}>
      <Flex gap={8} wrap align="center">
        <Button type="primary" icon={<CheckOutlined />} disabled={!selected.length} onClick={() => setAsking('confirm')} data-testid="visits-confirm">
          {t('visitPlans.confirmSelected', { count: selected.length })}
        </Button>
        <Button onClick={() => setSelected(rows.filter((r) => r.status === 'PROPOSED' && r.date).map((r) => r._id))} data-testid="visits-select-all">
          {t('visitPlans.selectProposals')}
        </Button>
      </Flex>
      {why && <Alert type="info" showIcon closable onClose={() => setWhy(null)} message={why} />}
      <Table<TPlannedVisit>
        size="small"
        rowKey={(r) => r._id}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={isMobile ? { x: 720 } : undefined}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'PROPOSED' || !r.date, 'aria-label': t('visitPlans.select') }),
        }}
        columns={[
          {
            key: 'date',
            title: t('visitPlans.fields.date'),
            render: (_, r) =>
              r.status === 'PROPOSED' ? (
                <DatePicker
                  allowClear={false}
                  format="DD-MM-YYYY"
                  value={r.date ? dayjs(r.date) : null}
                  aria-label={t('visitPlans.move')}
                  minDate={dayjs(`${year}-01-01`)}
                  maxDate={dayjs(`${year}-12-31`)}
                  disabledDate={(d) => refusalOf(r, d) !== null}
                  cellRender={(current, info) => {
                    if (info.type !== 'date') return info.originNode;
                    const refusal = refusalOf(r, current as Dayjs);
                    return refusal ? <span title={t(`visitPlans.refusal.${refusal}`)}>{info.originNode}</span> : info.originNode;
                  }}
                  onOpenChange={(open) => setWhy(open ? t('visitPlans.windowHint', { window: windowText(r, t) }) : null)}
                  onChange={(d) => d && update.mutate({ id: r._id, body: { date: d.format('YYYY-MM-DD') } })}
                  data-testid="visit-date"
                />
              ) : r.date ? (
                formatDay(r.date)
              ) : (
                '—'
              ),
          },
          { key: 'establishment', title: t('visitPlans.fields.establishment'), render: (_, r) => r.establishment.name },
          { key: 'service', title: t('visitPlans.fields.service'), render: (_, r) => r.service.name },
          {
            key: 'status',
            title: t('visitPlans.fields.status'),
            render: (_, r) => (
              <Space size={4}>
                <Tag color={STATUS_COLOR[r.status]}>{t(`visitPlans.status.${r.status}`)}</Tag>
                {r.moved && r.status !== 'DROPPED' && <Tag>{t('visitPlans.moved')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'auditor',
            title: t('visitPlans.fields.auditor'),
            render: (_, r) =>
              r.status === 'PROPOSED' ? (
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  style={{ minWidth: 180 }}
                  placeholder={t('visitPlans.pickAuditor')}
                  aria-label={t('visitPlans.fields.auditor')}
                  loading={auditors.isPending}
                  options={auditorOptions}
                  value={r.auditor?._id}
                  onChange={(value?: string) => update.mutate({ id: r._id, body: { auditor: value ?? null } })}
                />
              ) : (
                (r.auditor?.name ?? '—')
              ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, r) =>
              r.status === 'PROPOSED' ? (
                <Button size="small" icon={<DeleteOutlined />} onClick={() => setAsking({ drop: r })} aria-label={t('visitPlans.drop')}>
                  {!isMobile && t('visitPlans.drop')}
                </Button>
              ) : null,
          },
        ]}
      />
      <ConfirmVisits
        open={asking === 'confirm'}
        visits={chosen}
        auditorOptions={auditorOptions}
        onDone={() => {
          setSelected([]);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={typeof asking === 'object' && asking !== null}
        title={t('visitPlans.dropTitle')}
        confirmText={t('visitPlans.drop')}
        loading={drop.isPending}
        content={
          asking && typeof asking === 'object'
            ? `${asking.drop.establishment.name} · ${asking.drop.service.name} · ${asking.drop.date ? formatDay(asking.drop.date) : ''}`
            : null
        }
        onConfirm={() => asking && typeof asking === 'object' && drop.mutate(asking.drop._id, { onSettled: () => setAsking(null) })}
        onCancel={() => setAsking(null)}
      />
    </Flex>
  );
}

/** The window in words: open months, visit days, not-visit days. */
function windowText(v: TPlannedVisit, t: (key: string, o?: Record<string, unknown>) => string) {
  const w = v.window;
  const parts = [
    w.openMonth != null || w.closeMonth != null
      ? t('visitPlans.window.months', { from: w.openMonth ?? 1, to: w.closeMonth ?? 12 })
      : t('visitPlans.window.allYear'),
    ...(w.visitDays.length ? [t('visitPlans.window.visitDays', { days: w.visitDays.join(', ') })] : []),
    ...(w.notVisitDays.length ? [t('visitPlans.window.notVisitDays', { days: w.notVisitDays.join(', ') })] : []),
  ];
  return parts.join('; ');
}
