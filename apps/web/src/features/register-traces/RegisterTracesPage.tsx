import { Button, Flex, Form, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../ui/DateRangeFilter';
import type { TFunction } from 'i18next';
import { REGISTER_TRACE_SECTIONS } from '@audit/domain/registers';
import { formatInstant } from '@audit/domain/dates';
import { useTimeZone } from '../../session/timeZone';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { useViewport } from '../../ui/useViewport';
import { listQueryProps, useListState } from '../../ui/useListState';
import { countTraceFilters, useRegisterTraces, type TRegisterTrace, type TTraceFilters } from './registerTracesApi';
import { traceDetails } from './traceText';

const TYPES = ['CREATE', 'UPDATE', 'REMOVE'] as const;
const TYPE_COLORS: Record<string, string> = { CREATE: 'green', UPDATE: 'blue', REMOVE: 'red' };

function columns(t: TFunction, timeZone: string): TListColumn<TRegisterTrace>[] {
  return [
    { key: 'date', title: t('registerTraces.fields.date'), locked: true, width: 150, render: (_, r) => formatInstant(r.date, timeZone) },
    { key: 'owner', title: t('registerTraces.fields.owner'), render: (_, r) => r.owner?.name || '—' },
    {
      key: 'type',
      title: t('registerTraces.fields.type'),
      width: 120,
      render: (_, r) => <Tag color={TYPE_COLORS[r.type]}>{t(`registerTraces.type.${r.type}`, { defaultValue: r.type })}</Tag>,
    },
    { key: 'section', title: t('registerTraces.fields.section'), render: (_, r) => t(`registerTraces.section.${r.section}`, { defaultValue: r.section }) },
    { key: 'entity', title: t('registerTraces.fields.entity'), render: (_, r) => r.entity?.name || '—' },
    {
      key: 'details',
      title: t('registerTraces.fields.details'),
      render: (_, r) => <Typography.Text type="secondary">{traceDetails(t, r)}</Typography.Text>,
    },
  ];
}

interface TFilterForm {
  section?: string;
  type?: string;
  date?: [Dayjs, Dayjs] | null;
}

function TraceFilters({ value, onApply }: { value: TTraceFilters; onApply: (next: TTraceFilters) => void }) {
  const { t } = useTranslation();
  const initial: TFilterForm = { section: value.section, type: value.type, date: value.date ? [dayjs(value.date[0]), dayjs(value.date[1])] : null };
  return (
    <Form<TFilterForm>
      layout="vertical"
      initialValues={initial}
      onFinish={(v) =>
        onApply({
          section: v.section || undefined,
          type: v.type || undefined,
          date: v.date ? [v.date[0].startOf('day').toISOString(), v.date[1].endOf('day').toISOString()] : undefined,
        })
      }
    >
      <Form.Item name="section" label={t('registerTraces.fields.section')}>
        <Select allowClear options={REGISTER_TRACE_SECTIONS.map((s) => ({ value: s, label: t(`registerTraces.section.${s}`) }))} />
      </Form.Item>
      <Form.Item name="type" label={t('registerTraces.fields.type')}>
        <Select allowClear options={TYPES.map((s) => ({ value: s, label: t(`registerTraces.type.${s}`) }))} />
      </Form.Item>
      <Form.Item name="date" label={t('registerTraces.fields.date')}>
        <DayRangePicker />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={() => onApply({})}>{t('registerTraces.clear')}</Button>
        <Button type="primary" htmlType="submit">
          {t('registerTraces.apply')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * /register-traces: the audit trail of registers (decision 0037). Who changed which register,
 * register template or log, and when, newest first; filtered by what, how and when. The server
 * limits it to the caller's scope and registersAccess.
 */
export function RegisterTracesPage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const state = useListState<TTraceFilters>();
  const list = useRegisterTraces(state.query);
  const { isMobile } = useViewport();
  return (
    <ListPage<TRegisterTrace>
      title={t('registerTraces.title')}
      settingsKey="table.registerTraces"
      columns={columns(t, timeZone)}
      rowKey={(r) => r._id}
      {...listQueryProps(list)}
      {...state.paging}
      activeFilters={countTraceFilters(state.filters)}
      renderFilters={(close) => (
        <TraceFilters
          value={state.filters}
          onApply={(next) => {
            state.applyFilters(next);
            close();
          }}
        />
      )}
      emptyText={t('registerTraces.empty')}
      // A phone shows each change as a card: what, when and who, then the details.
      view={isMobile ? 'directory' : 'table'}
      directory={
        <PhoneCards
          testId="register-trace-cards"
          items={list.data?.items}
          total={list.data?.total ?? 0}
          page={state.paging.page}
          pageSize={state.paging.pageSize}
          onPageChange={(page) => state.paging.onPageChange(page, state.paging.pageSize)}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('registerTraces.empty')}
          rowKey={(r) => r._id}
          renderCard={(r) => (
            <PhoneCard
              testId="register-trace-card"
              title={r.entity?.name || t(`registerTraces.section.${r.section}`, { defaultValue: r.section })}
              tag={<Tag color={TYPE_COLORS[r.type]}>{t(`registerTraces.type.${r.type}`, { defaultValue: r.type })}</Tag>}
              meta={[formatInstant(r.date, timeZone), r.owner?.name, t(`registerTraces.section.${r.section}`, { defaultValue: r.section })]
                .filter(Boolean)
                .join(' · ')}
            >
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 13 }}>
                {traceDetails(t, r)}
              </Typography.Paragraph>
            </PhoneCard>
          )}
        />
      }
    />
  );
}
