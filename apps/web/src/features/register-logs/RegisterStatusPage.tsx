import { useCallback, useState } from 'react';
import { Badge, Flex, Segmented, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../ui/DateRangeFilter';
import { useNavigate } from 'react-router-dom';
import { AREA_ACCESSES, REGISTER_SEARCH_SIZE, REGISTER_STATUSES, type TAreaAccess, type TRegisterOut, type TRegisterStatus } from '@audit/domain/registers';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { useViewport } from '../../ui/useViewport';
import { usePending, useStatusList } from './logsApi';
import { logPath } from './offline/registerResource';

const STATUS_COLORS = { pending: 'orange', completed: 'green', closed: 'default' } as const;
/** Below 768 px (a phone) the table keeps the name and the status in view; a row opens the rest. */
const FROM_TABLET: TListColumn<TRegisterOut>['responsive'] = ['md'];

interface TProps {
  /** The client's views: one area; the auditor's inspection: any, filtered. */
  area?: TAreaAccess;
  titleKey: string;
}

/**
 * /client-registers/{area} and /registers/inspection: the registers by the status of their current
 * period (pending / completed / closed), filtered by area, establishments' date range and text, 100
 * a page, each with its pending takes as a badge; a row opens its log.
 */
export function RegisterStatusPage({ area, titleKey }: TProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TRegisterStatus>('pending');
  const { isMobile } = useViewport();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [areaFilter, setAreaFilter] = useState<TAreaAccess | null>(null);
  const [range, setRange] = useState<[string, string] | null>(null);
  const list = useStatusList({ status, page, search, area: area ?? areaFilter, dateRange: range });
  const pending = usePending();
  const pendingOf = new Map((pending.data ?? []).map((p) => [p._id, p.pending]));
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);

  const columns: TListColumn<TRegisterOut>[] = [
    {
      key: 'name',
      title: t('registers.fields.name'),
      locked: true,
      render: (_, r) => (
        // On a phone a long name wraps, so the status stays on screen beside it.
        <Flex gap={8} align="center" style={isMobile ? { maxWidth: 170, whiteSpace: 'normal', overflowWrap: 'anywhere' } : undefined}>
          <strong>{r.name}</strong>
          {(pendingOf.get(r._id) ?? 0) > 0 && (
            <Badge
              count={pendingOf.get(r._id)}
              title={t('registerLogs.pendingTakes', { count: pendingOf.get(r._id) })}
              aria-label={t('registerLogs.pendingTakes', { count: pendingOf.get(r._id) })}
            />
          )}
        </Flex>
      ),
    },
    { key: 'client', title: t('registers.fields.client'), render: (_, r) => r.client.name, responsive: FROM_TABLET },
    { key: 'areaAccess', title: t('registers.fields.areaAccess'), render: (_, r) => t(`registers.areaAccess.${r.areaAccess}`), responsive: FROM_TABLET },
    { key: 'frequency', title: t('registers.fields.frequency'), render: (_, r) => t(`registers.frequency.${r.frequency}`), responsive: FROM_TABLET },
    {
      key: 'establishments',
      title: t('registers.fields.establishments'),
      responsive: FROM_TABLET,
      render: (_, r) => (r.establishments === 'all' ? t('registers.allOf', { count: r.establishmentsTotal }) : r.establishments.map((e) => e.name).join(', ')),
    },
    { key: 'status', title: t('registers.fields.status'), render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`registers.status.${r.status}`)}</Tag> },
  ];

  const filters = () => (
    <Flex vertical gap={12}>
      {!area && (
        <Select
          allowClear
          aria-label={t('registers.fields.areaAccess')}
          placeholder={t('registers.fields.areaAccess')}
          value={areaFilter ?? undefined}
          onChange={(v?: TAreaAccess) => {
            setAreaFilter(v ?? null);
            setPage(0);
          }}
          options={AREA_ACCESSES.map((a) => ({ value: a, label: t(`registers.areaAccess.${a}`) }))}
        />
      )}
      <DayRangePicker
        style={{ width: 'auto' }}
        aria-label={t('registerLogs.dateRange')}
        onChange={(dates) => {
          const [from, to] = (dates ?? []) as (Dayjs | null)[];
          setRange(from && to ? [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] : null);
          setPage(0);
        }}
      />
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <Segmented<TRegisterStatus>
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(0);
        }}
        options={REGISTER_STATUSES.map((s) => ({ value: s, label: t(`registers.status.${s}`) }))}
        aria-label={t('registers.fields.status')}
      />
      <ListPage<TRegisterOut>
        title={t(titleKey)}
        settingsKey={`table.registerStatus.${area ?? 'inspection'}`}
        columns={columns}
        defaultHidden={area ? ['areaAccess'] : []}
        rowKey={(r) => r._id}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={page}
        pageSize={REGISTER_SEARCH_SIZE}
        onPageChange={(next) => setPage(next)}
        search={search}
        onSearch={onSearch}
        renderFilters={filters}
        activeFilters={(areaFilter ? 1 : 0) + (range ? 1 : 0)}
        onRowClick={(r) => navigate(logPath(r._id))}
        emptyText={t(`registerLogs.empty.${status}`)}
      />
    </Flex>
  );
}
