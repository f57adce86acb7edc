import { useState } from 'react';
import { Badge, Button, Card, Flex, Form, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RISK_LEVELS } from '@audit/domain/constants';
import { todayInZone } from '@audit/domain/dates';
import { useMe, userCan } from '../../../session/me';
import { useTimeZone } from '../../../session/timeZone';
import { DayRangePicker } from '../../../ui/DateRangeFilter';
import { useViewport } from '../../../ui/useViewport';
import { useAreaOptions, useCategoryOptions, useClientOptions, useEstablishmentOptions, useServiceOptions, useTemplateOptions } from '../statisticsApi';
import { DEFAULT_FILTER, QUICK_RANGES, daysOf, type TBarFilter, type TRiskLevel } from './statisticsFilter';

type TListKey = 'clients' | 'establishments' | 'areas' | 'services' | 'templates' | 'categories' | 'riskLevels';
const LISTS: TListKey[] = ['clients', 'establishments', 'areas', 'services', 'templates', 'categories', 'riskLevels'];
const DAY = 'YYYY-MM-DD';

/** How many lists narrow the figures (the phone's "Filters (n)"). */
export const countListFilters = (filter: TBarFilter) => LISTS.filter((key) => (filter[key]?.length ?? 0) > 0).length;

const searchable = { mode: 'multiple', allowClear: true, showSearch: true, optionFilterProp: 'label', maxTagCount: 'responsive' } as const;

/**
 * The one filter bar of every statistics screen (decision 0079): a quick range (the spec's six, all
 * dates, or the days picked), then clients, establishments, areas, services, templates, categories
 * and risk levels. Each change applies by itself (the figures reload 350 ms after the last one). On
 * a phone the lists fold under "Filters" so the figures stay in sight.
 */
export function FilterBar({ value, onChange }: { value: TBarFilter; onChange: (next: TBarFilter) => void }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [open, setOpen] = useState(false);
  const me = useMe().data;
  const staff = Boolean(me?.isAdmin || me?.isAuditor);
  const today = todayInZone(useTimeZone());
  const clients = useClientOptions();
  const establishments = useEstablishmentOptions(value.clients);
  const areas = useAreaOptions(staff);
  const canServices = userCan(me, 'SERVICES:READ');
  const canCategories = userCan(me, 'CATEGORY:READ');
  const services = useServiceOptions(canServices);
  const templates = useTemplateOptions();
  const categories = useCategoryOptions(canCategories);
  const set = (patch: Partial<TBarFilter>) => onChange({ ...value, ...patch });
  const days = daysOf(value, today);
  const picked: [Dayjs, Dayjs] | null = days.from && days.to ? [dayjs(days.from), dayjs(days.to)] : null;
  const options = (list: { _id: string; name: string }[] | undefined) => list?.map((o) => ({ value: o._id, label: o.name }));
  const chosenEstablishments = value.establishments ?? [];
  const active = countListFilters(value);

  const lists = (
    <>
      <Form.Item label={t('statistics.filter.clients')} htmlFor="stats-clients">
        <Select
          {...searchable}
          id="stats-clients"
          value={value.clients ?? []}
          loading={clients.isFetching}
          options={options(clients.data)}
          // Another client's establishments and areas no longer apply.
          onChange={(next: string[]) => set({ clients: next, establishments: [], areas: [] })}
          data-testid="stats-filter-clients"
        />
      </Form.Item>
      <Form.Item label={t('statistics.filter.establishments')} htmlFor="stats-establishments">
        <Select
          {...searchable}
          id="stats-establishments"
          value={value.establishments ?? []}
          loading={establishments.isFetching}
          options={options(establishments.data)}
          onChange={(next: string[]) => set({ establishments: next, areas: [] })}
          data-testid="stats-filter-establishments"
        />
      </Form.Item>
      <Form.Item label={t('statistics.filter.areas')} htmlFor="stats-areas">
        <Select
          {...searchable}
          id="stats-areas"
          value={value.areas ?? []}
          loading={areas.isFetching}
          options={options(areas.data?.filter((a) => !chosenEstablishments.length || (a.parent && chosenEstablishments.includes(a.parent))))}
          onChange={(next: string[]) => set({ areas: next })}
          data-testid="stats-filter-areas"
        />
      </Form.Item>
      {canServices && (
        <Form.Item label={t('statistics.filter.services')} htmlFor="stats-services">
          <Select
            {...searchable}
            id="stats-services"
            value={value.services ?? []}
            loading={services.isFetching}
            options={options(services.data)}
            onChange={(next: string[]) => set({ services: next })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('statistics.filter.templates')} htmlFor="stats-templates">
        <Select
          {...searchable}
          id="stats-templates"
          value={value.templates ?? []}
          loading={templates.isFetching}
          options={options(templates.data)}
          onChange={(next: string[]) => set({ templates: next })}
        />
      </Form.Item>
      {canCategories && (
        <Form.Item label={t('statistics.filter.categories')} htmlFor="stats-categories">
          <Select
            {...searchable}
            id="stats-categories"
            value={value.categories ?? []}
            loading={categories.isFetching}
            options={categories.data?.map((c) => ({ value: c._id, label: `${'· '.repeat(c.depth)}${c.name}` }))}
            onChange={(next: string[]) => set({ categories: next })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('statistics.filter.riskLevels')} htmlFor="stats-risks">
        <Select
          {...searchable}
          id="stats-risks"
          value={value.riskLevels ?? []}
          options={RISK_LEVELS.map((risk) => ({ value: risk, label: t(`statistics.risk.${risk}`) }))}
          onChange={(next: TRiskLevel[]) => set({ riskLevels: next })}
          data-testid="stats-filter-risks"
        />
      </Form.Item>
    </>
  );

  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="stats-filter">
      <Form layout="vertical" component="div" className="stats-filter" aria-label={t('statistics.filter.label')} role="search">
        <Form.Item label={t('statistics.filter.range')} htmlFor="stats-range">
          <Select
            id="stats-range"
            value={value.range}
            onChange={(range: TBarFilter['range']) =>
              set(range === 'custom' ? { range, from: days.from ?? today, to: days.to ?? today } : { range, from: undefined, to: undefined })
            }
            options={[
              ...QUICK_RANGES.map((range) => ({ value: range, label: t(`dates.${range}`) })),
              { value: 'custom', label: t('statistics.filter.custom') },
              { value: 'all', label: t('statistics.filter.all') },
            ]}
            data-testid="stats-filter-range"
          />
        </Form.Item>
        <Form.Item label={t('statistics.filter.days')} htmlFor="stats-days">
          <DayRangePicker
            id={{ start: 'stats-days' }}
            value={picked}
            allowClear={false}
            onChange={(range) => range?.[0] && range[1] && set({ range: 'custom', from: range[0].format(DAY), to: range[1].format(DAY) })}
            data-testid="stats-filter-days"
          />
        </Form.Item>
        {(!isMobile || open) && lists}
        <Flex align="end" gap={8} style={{ marginBottom: 10 }}>
          {isMobile && (
            <Badge count={active} size="small">
              <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen(!open)} data-testid="stats-filter-more">
                {t('statistics.filter.more')}
              </Button>
            </Badge>
          )}
          <Button onClick={() => onChange(DEFAULT_FILTER)} disabled={!active && value.range === DEFAULT_FILTER.range} data-testid="stats-filter-reset">
            {t('statistics.filter.reset')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
