import { useState } from 'react';
import { Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { statusesOf, type TIncidentKind } from '@audit/domain/incidents';
import { useMe } from '../../session/me';
import { FilterForm, MonthRangeItem } from '../../ui/FilterForm';
import { monthsToPicker, pickerToMonths } from '../../ui/monthRange';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useAreaOptions, useClientOptions, useEstablishmentOptions, useOwners, useTemplateOptions, type TIncidentFilters } from './incidentsApi';

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

type TFormValues = {
  status?: string[];
  riskLevel?: string[];
  client?: string;
  establishment?: string;
  area?: string;
  template?: string;
  responsible?: string;
  months?: [Dayjs, Dayjs] | null;
};

const searchable = { showSearch: true, allowClear: true, optionFilterProp: 'label' } as const;

/**
 * The list's filters (status with the §4 rule, risk, client, establishment, area, template,
 * responsible, month range on the audit date). The establishments and areas are the chosen client's.
 */
export function IncidentFilters({ kind, value, onApply }: { kind: TIncidentKind; value: TIncidentFilters; onApply: (filters: TIncidentFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const initial = { ...value, months: monthsToPicker(value.months) };
  const client = Form.useWatch('client', form) as string | undefined;
  const establishment = Form.useWatch('establishment', form) as string | undefined;
  const clients = useClientOptions();
  const me = useMe().data;
  const staff = Boolean(me?.isAdmin || me?.isAuditor);
  const establishments = useEstablishmentOptions(client, staff);
  const areas = useAreaOptions(client, staff);
  const templates = useTemplateOptions(kind === 'audits');
  const label = (o: { _id: string; name: string }) => ({ value: o._id, label: o.name });
  const apply = (values: TFormValues) =>
    onApply({
      status: values.status?.length ? values.status : undefined,
      riskLevel: values.riskLevel?.length ? values.riskLevel : undefined,
      client: values.client || undefined,
      establishment: values.client ? values.establishment || undefined : undefined,
      area: values.client ? values.area || undefined : undefined,
      template: kind === 'audits' ? values.template || undefined : undefined,
      responsible: values.responsible || undefined,
      months: pickerToMonths(values.months),
      // Days a statistics link set stay until months are chosen (the month picker cannot show them).
      days: values.months ? undefined : value.days,
    });
  return (
    <FilterForm
      form={form}
      initialValues={initial}
      onApply={apply}
      onReset={() => onApply({})}
      onValuesChange={(changed) => {
        // A new client's establishments and areas are others; a new establishment, other areas.
        if ('client' in changed) form.setFieldsValue({ establishment: undefined, area: undefined });
        else if ('establishment' in changed) form.setFieldsValue({ area: undefined });
      }}
    >
      <Form.Item name="status" label={t('incidents.fields.status')}>
        <Select mode="multiple" allowClear options={statusesOf(kind).map((s) => ({ value: s, label: t(`incidents.status.${s}`) }))} />
      </Form.Item>
      <Form.Item name="riskLevel" label={t('incidents.fields.risk')}>
        <Select mode="multiple" allowClear options={RISKS.map((r) => ({ value: r, label: t(`incidents.risk.${r}`) }))} />
      </Form.Item>
      <Form.Item name="client" label={t('incidents.fields.client')}>
        <Select {...searchable} loading={clients.isFetching} options={clients.data?.map(label)} data-testid="incident-filter-client" />
      </Form.Item>
      <Form.Item name="establishment" label={t('incidents.fields.establishment')}>
        <Select
          {...searchable}
          disabled={!client}
          loading={establishments.isFetching}
          options={establishments.data?.map(label)}
          data-testid="incident-filter-establishment"
        />
      </Form.Item>
      <Form.Item name="area" label={t('incidents.fields.area')}>
        <Select
          {...searchable}
          disabled={!client}
          loading={areas.isFetching}
          options={areas.data?.filter((a) => !establishment || a.parent === establishment).map(label)}
          data-testid="incident-filter-area"
        />
      </Form.Item>
      {kind === 'audits' && (
        <Form.Item name="template" label={t('incidents.fields.template')}>
          <Select {...searchable} loading={templates.isFetching} options={templates.data?.map(label)} data-testid="incident-filter-template" />
        </Form.Item>
      )}
      <Form.Item name="responsible" label={t('incidents.fields.responsible')}>
        <OwnerSelect />
      </Form.Item>
      {kind === 'audits' && <MonthRangeItem name="months" label={t('incidents.fields.auditMonths')} />}
    </FilterForm>
  );
}
