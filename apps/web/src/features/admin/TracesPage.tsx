import { useState } from 'react';
import { Button, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../ui/DateRangeFilter';
import { TRACE_TYPES } from '@audit/domain/constants';
import type { TClientTabProps } from '../../manifest/manifest';
import { endOfDayInZone, formatInstant, startOfDayInZone } from '@audit/domain/dates';
import type { TSearchBody } from '@audit/domain/search';
import { useTimeZone } from '../../session/timeZone';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { listQueryProps, useListState } from '../../ui/useListState';
import { useViewport } from '../../ui/useViewport';
import { useTraces, useUserChoices, type TTraceRow } from './adminApi';
import { TRACE_COLORS, TraceDetail } from './TraceDetail';

interface TTraceFilters {
  owner?: string;
  type?: string[];
  module?: string;
  entity?: string;
  days?: [string, string];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user who made the change, searched among the space's users. */
function UserSelect({ value, onChange, id }: { value?: string; onChange?: (value: string | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const users = useUserChoices(useDebouncedValue(search, 250));
  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setSearch}
      loading={users.isFetching}
      placeholder={t('admin.traces.anyUser')}
      options={users.data?.items.map((u) => ({ value: u._id, label: u.fullName || u.email }))}
      data-testid="trace-user"
    />
  );
}

function TraceFilters({ value, onApply }: { value: TTraceFilters; onApply: (next: TTraceFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const apply = (v: { owner?: string; type?: string[]; module?: string; entity?: string; range?: [Dayjs, Dayjs] | null }) =>
    onApply({
      owner: v.owner || undefined,
      type: v.type?.length ? v.type : undefined,
      module: v.module?.trim() ? v.module.trim().toUpperCase() : undefined,
      entity: v.entity?.trim() || undefined,
      days: v.range ? [v.range[0].format('YYYY-MM-DD'), v.range[1].format('YYYY-MM-DD')] : undefined,
    });
  return (
    <Form form={form} layout="vertical" onFinish={apply} initialValues={{ ...value, range: undefined }}>
      <Form.Item name="owner" label={t('admin.traces.owner')}>
        <UserSelect />
      </Form.Item>
      <Form.Item name="type" label={t('admin.traces.type')}>
        <Select mode="multiple" allowClear options={TRACE_TYPES.map((type) => ({ value: type, label: t(`admin.traces.types.${type}`) }))} />
      </Form.Item>
      <Form.Item name="module" label={t('admin.traces.module')}>
        <Input placeholder="ROLE, USER, ORG…" maxLength={60} />
      </Form.Item>
      <Form.Item name="entity" label={t('admin.traces.entity')} rules={[{ pattern: UUID, message: t('admin.traces.badEntity') }]}>
        <Input maxLength={36} />
      </Form.Item>
      <Form.Item name="range" label={t('admin.traces.dates')}>
        <DayRangePicker />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={() => (form.resetFields(), onApply({}))}>{t('admin.traces.clear')}</Button>
        <Button type="primary" htmlType="submit" data-testid="trace-filters-apply">
          {t('admin.traces.apply')}
        </Button>
      </Flex>
    </Form>
  );
}

const filtersOf = (f: TTraceFilters, timeZone: string): TSearchBody['filters'] => [
  ...(f.owner ? [{ field: 'owner', operator: 'eq' as const, value: f.owner }] : []),
  ...(f.type ? [{ field: 'type', operator: '$in' as const, value: f.type }] : []),
  ...(f.module ? [{ field: 'module', operator: 'eq' as const, value: f.module }] : []),
  ...(f.entity ? [{ field: 'entity', operator: 'eq' as const, value: f.entity }] : []),
  ...(f.days
    ? [
        { field: 'date', operator: 'gte' as const, value: startOfDayInZone(f.days[0], timeZone).toISOString() },
        { field: 'date', operator: 'lte' as const, value: endOfDayInZone(f.days[1], timeZone).toISOString() },
      ]
    : []),
];

/**
 * The audit trail, newest first, filtered on the server; a row opens its detail. Of the whole space
 * (/admin/traces), or with `space` of one client, establishment or area and what is below it (the
 * client page's history tab, decision 0055).
 */
export function TraceList({ space }: { space?: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { isMobile } = useViewport();
  const state = useListState<TTraceFilters>({ sort: '-date' });
  const [open, setOpen] = useState<TTraceRow | null>(null);
  const list = useTraces({
    space,
    page: state.query.page,
    size: state.query.size,
    search: state.query.search || undefined,
    sort: state.query.sort,
    filters: filtersOf(state.filters, timeZone),
    projections: ['type', 'owner', 'ownerName', 'entity', 'module', 'section', 'date'],
  });
  const typeTag = (r: TTraceRow) => <Tag color={TRACE_COLORS[r.type]}>{t(`admin.traces.types.${r.type}`)}</Tag>;
  const columns: TListColumn<TTraceRow>[] = isMobile
    ? [
        {
          key: 'card',
          title: t('admin.traces.title'),
          locked: true,
          render: (_v, r) => (
            <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="trace-card">
              <Flex justify="space-between" gap={8} align="center">
                {typeTag(r)}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatInstant(r.date, timeZone)}
                </Typography.Text>
              </Flex>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {r.module} · {r.section}
              </Typography.Text>
              <Typography.Text type="secondary">{r.ownerName ?? t('admin.traces.system')}</Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        { key: 'date', title: t('admin.traces.date'), locked: true, sorter: true, render: (_v, r) => formatInstant(r.date, timeZone) },
        { key: 'type', title: t('admin.traces.type'), sorter: true, render: (_v, r) => typeTag(r) },
        { key: 'owner', title: t('admin.traces.owner'), render: (_v, r) => r.ownerName ?? t('admin.traces.system') },
        { key: 'module', title: t('admin.traces.module'), dataIndex: 'module', sorter: true },
        { key: 'section', title: t('admin.traces.section'), dataIndex: 'section', sorter: true },
      ];
  const active = Object.values(state.filters).filter(Boolean).length;
  return (
    <>
      <ListPage<TTraceRow>
        title={space ? t('admin.traces.historyTitle') : t('admin.traces.title')}
        settingsKey={space ? 'client-history' : 'admin-traces'}
        columns={columns}
        rowKey={(r) => r._id}
        {...listQueryProps(list)}
        {...state.paging}
        onRowClick={setOpen}
        renderFilters={(close) => <TraceFilters value={state.filters} onApply={(next) => (state.applyFilters(next), close())} />}
        activeFilters={active}
        emptyText={active || state.query.search ? t('admin.traces.noMatch') : space ? t('admin.traces.historyEmpty') : t('admin.traces.empty')}
      />
      <TraceDetail trace={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** /admin/traces: the audit trail of the space. */
export function TracesPage() {
  return <TraceList />;
}

/** The client page's history tab: the changes of that client (or establishment, area) and below it. */
export function ClientHistoryTab({ spaceId }: TClientTabProps) {
  return <TraceList space={spaceId} />;
}
