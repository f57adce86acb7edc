import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_STATUSES } from '@audit/domain/employees/schemas';
import { FilterForm } from '../../ui/FilterForm';
import { useEmployeeNomenclature, type TEmployeeFilters } from './employeesApi';

export const countFilters = (filters: TEmployeeFilters) => Object.values(filters).filter((v) => Array.isArray(v) && v.length).length;

const options = (items: { _id: string; name: string }[] | undefined) => (items ?? []).map((o) => ({ value: o._id, label: o.name }));

/** Filters of the employees list: status, worker profile, occupation. */
export function EmployeeFilters({ value, onApply }: { value: TEmployeeFilters; onApply: (filters: TEmployeeFilters) => void }) {
  const { t } = useTranslation();
  const profiles = useEmployeeNomenclature('employeeProfiles');
  const types = useEmployeeNomenclature('employeeTypes');
  return (
    <FilterForm<TEmployeeFilters>
      initialValues={value}
      onApply={(v) => onApply(Object.fromEntries(Object.entries(v).filter(([, x]) => Array.isArray(x) && x.length)) as TEmployeeFilters)}
      onReset={() => onApply({})}
    >
      <Form.Item name="status" label={t('employees.fields.status')}>
        <Checkbox.Group options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`employees.status.${s}`) }))} style={{ display: 'grid', gap: 8 }} />
      </Form.Item>
      <Form.Item name="workerProfile" label={t('employees.fields.workerProfile')}>
        <Select mode="multiple" allowClear optionFilterProp="label" loading={profiles.isPending} options={options(profiles.data?.items)} />
      </Form.Item>
      <Form.Item name="occupation" label={t('employees.fields.occupation')}>
        <Select mode="multiple" allowClear optionFilterProp="label" loading={types.isPending} options={options(types.data?.items)} />
      </Form.Item>
    </FilterForm>
  );
}
