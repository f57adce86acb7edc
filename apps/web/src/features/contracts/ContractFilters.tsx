import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVICE_CONTRACT_STATUSES } from '@audit/domain/contracts/schemas';
import { FilterForm } from '../../ui/FilterForm';
import { useClientOptions, useServiceOptions, type TContractFilters } from './contractsApi';

/** The list's filters: client (not on the client's own tab), status, hired service. */
export function ContractFilters({ value, withClient, onApply }: { value: TContractFilters; withClient: boolean; onApply: (f: TContractFilters) => void }) {
  const { t } = useTranslation();
  const clients = useClientOptions(withClient);
  const services = useServiceOptions();
  return (
    <FilterForm
      initialValues={value}
      onApply={(v: TContractFilters) => onApply({ client: v.client || undefined, status: v.status ?? [], service: v.service || undefined })}
      onReset={() => onApply({ status: [] })}
    >
      {withClient && (
        <Form.Item name="client" label={t('contracts.fields.client')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            loading={clients.isPending}
            options={clients.data?.map((c) => ({ value: c._id, label: c.name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="status" label={t('contracts.fields.status')}>
        <Select mode="multiple" allowClear options={SERVICE_CONTRACT_STATUSES.map((s) => ({ value: s, label: t(`contracts.status.${s}`) }))} />
      </Form.Item>
      <Form.Item name="service" label={t('contracts.fields.service')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={services.isPending}
          options={services.data?.map((s) => ({ value: s._id, label: s.name }))}
        />
      </Form.Item>
    </FilterForm>
  );
}
