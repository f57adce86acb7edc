import { useState } from 'react';
import { Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { statusesOf, type TIncidentKind } from '@audit/domain/incidents';
import { FilterForm, MonthRangeItem } from '../../ui/FilterForm';
import { monthsToPicker, pickerToMonths } from '../../ui/monthRange';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useOwners, type TIncidentFilters } from './incidentsApi';

const RISKS = ['high', 'medium', 'low', 'infrastructure', 'IE', 'P1'];

/** Responsible: the users who may own incidents (search-incidences-owners), searched as one types. */
export function OwnerSelect({ value, onChange, id }: { value?: string | null; onChange?: (value: string | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const owners = useOwners(useDebouncedValue(search, 250));
  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value ?? undefined}
      onChange={onChange}
      filterOption={false}
      onSearch={setSearch}
      loading={owners.isFetching}
      placeholder={t('incidents.fields.responsible')}
      options={owners.data?.items.map((o) => ({ value: o._id, label: o.name || o.email }))}
      data-testid="owner-select"
    />
  );
}

/** The list's filters (status with the §4 rule, risk, responsible, month range on the audit date). */
export function IncidentFilters({ kind, value, onApply }: { kind: TIncidentKind; value: TIncidentFilters; onApply: (filters: TIncidentFilters) => void }) {
  const { t } = useTranslation();
  const initial = { ...value, months: monthsToPicker(value.months) };
  const apply = (values: { status?: string[]; riskLevel?: string[]; responsible?: string; months?: [Dayjs, Dayjs] | null }) =>
    onApply({
      status: values.status?.length ? values.status : undefined,
      riskLevel: values.riskLevel?.length ? values.riskLevel : undefined,
      responsible: values.responsible || undefined,
      months: pickerToMonths(values.months),
    });
  return (
    <FilterForm initialValues={initial} onApply={apply} onReset={() => onApply({})}>
      <Form.Item name="status" label={t('incidents.fields.status')}>
        <Select mode="multiple" allowClear options={statusesOf(kind).map((s) => ({ value: s, label: t(`incidents.status.${s}`) }))} />
      </Form.Item>
      <Form.Item name="riskLevel" label={t('incidents.fields.risk')}>
        <Select mode="multiple" allowClear options={RISKS.map((r) => ({ value: r, label: t(`incidents.risk.${r}`) }))} />
      </Form.Item>
      <Form.Item name="responsible" label={t('incidents.fields.responsible')}>
        <OwnerSelect />
      </Form.Item>
      {kind === 'audits' && <MonthRangeItem name="months" label={t('incidents.fields.auditMonths')} />}
    </FilterForm>
  );
}
