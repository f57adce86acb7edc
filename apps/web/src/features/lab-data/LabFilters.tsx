import { Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterForm, MonthRangeItem } from '../../ui/FilterForm';
import { monthsToPicker, pickerToMonths } from '../../ui/monthRange';
import { LAB_CATEGORIES, LAB_INCIDENT_STATUSES, type TLabCategory, type TLabIncidentStatus } from '@audit/domain/lab-data';
import { useLabCodeOptions, useLabPlaces, type TLabFilters } from './labDataApi';

/** The reports' filters: verdict, organism, establishment, extraction months. */
export function LabFilters({ value, onApply }: { value: TLabFilters; onApply: (filters: TLabFilters) => void }) {
  const { t } = useTranslation();
  const places = useLabPlaces();
  const codes = useLabCodeOptions();
  const initial = {
    qualified: value.qualified === undefined ? undefined : String(value.qualified),
    resultCode: value.resultCode,
    establishment: value.establishment,
    months: monthsToPicker(value.months),
  };
  const apply = (v: { qualified?: string; resultCode?: string; establishment?: string; months?: [Dayjs, Dayjs] | null }) =>
    onApply({
      qualified: v.qualified === undefined ? undefined : v.qualified === 'true',
      resultCode: v.resultCode || undefined,
      establishment: v.establishment || undefined,
      months: pickerToMonths(v.months),
    });
  return (
    <FilterForm initialValues={initial} onApply={apply} onReset={() => onApply({})}>
      <Form.Item name="qualified" label={t('labData.fields.qualified')}>
        <Select
          allowClear
          options={[
            { value: 'true', label: t('labData.qualified') },
            { value: 'false', label: t('labData.notQualified') },
          ]}
        />
      </Form.Item>
      <Form.Item name="resultCode" label={t('labData.fields.organism')}>
        <Select allowClear loading={codes.loading} options={codes.options} />
      </Form.Item>
      <Form.Item name="establishment" label={t('labData.fields.establishment')}>
        <Select allowClear loading={places.isPending} options={places.data?.map((p) => ({ value: p._id, label: p.name }))} />
      </Form.Item>
      <MonthRangeItem name="months" label={t('labData.fields.months')} />
    </FilterForm>
  );
}

export interface TLabIncidentFilters {
  status: TLabIncidentStatus[];
  category?: TLabCategory;
}

/** The lab incidents' filters: status (DRAFT, RUNNING, SOLVED) and analysis type. */
export function LabIncidentFilters({ value, onApply }: { value: TLabIncidentFilters; onApply: (filters: TLabIncidentFilters) => void }) {
  const { t } = useTranslation();
  return (
    <FilterForm
      initialValues={value}
      onApply={(v: Partial<TLabIncidentFilters>) => onApply({ status: v.status ?? [], category: v.category })}
      onReset={() => onApply({ status: [] })}
    >
      <Form.Item name="status" label={t('labData.fields.status')}>
        <Select mode="multiple" allowClear options={LAB_INCIDENT_STATUSES.map((s) => ({ value: s, label: t(`labData.status.${s}`) }))} />
      </Form.Item>
      <Form.Item name="category" label={t('labData.fields.category')}>
        <Select allowClear options={LAB_CATEGORIES.map((c) => ({ value: c, label: t(`labData.categories.${c}`) }))} />
      </Form.Item>
    </FilterForm>
  );
}
