import { Button, Checkbox, Flex, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../ui/DateRangeFilter';
import { AUDIT_STATUSES, RISKS } from '@audit/domain/audits';
import { dayOfStored } from '@audit/domain/dates';
import { utcRange } from './auditFormat';
import type { TAuditFilters } from './auditsApi';
import { useClientOptions, useEstablishmentOptions, useServiceOptions } from './optionsApi';

interface TFilterForm {
  client?: string;
  establishment?: string;
  service?: string;
  status?: TAuditFilters['status'];
  risk?: TAuditFilters['risk'];
  startDate?: [Dayjs, Dayjs] | null;
}

/** The stored days back into the picker as the same calendar days (local dates: dayjs reads 'YYYY-MM-DD' as local). */
const toForm = ({ startDate, ...rest }: TAuditFilters): TFilterForm => ({
  ...rest,
  startDate: startDate ? [dayjs(dayOfStored(startDate[0])), dayjs(dayOfStored(startDate[1]))] : null,
});

function fromForm({ startDate, ...rest }: TFilterForm): TAuditFilters {
  const out: TAuditFilters = Object.fromEntries(Object.entries(rest).filter(([, v]) => (Array.isArray(v) ? v.length : v))) as TAuditFilters;
  // The start date is a UTC day: the range covers whole UTC days, as the wizard stores them.
  if (startDate) out.startDate = utcRange(startDate[0].toDate(), startDate[1].toDate());
  return out;
}

const options = (list: { _id: string; name: string }[] | undefined) => (list ?? []).map((o) => ({ value: o._id, label: o.name }));

/** Auditors filter by client, establishment, service, status and start date; clients by establishment, risk and date. */
export function AuditFilters({ kind, value, onApply }: { kind: 'auditor' | 'client'; value: TAuditFilters; onApply: (filters: TAuditFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFilterForm>();
  const client = Form.useWatch('client', form);
  const clients = useClientOptions(false);
  const establishments = useEstablishmentOptions(client, kind === 'client' || Boolean(client));
  const services = useServiceOptions(kind === 'auditor');
  const select = { allowClear: true, showSearch: { optionFilterProp: 'label' as const }, style: { width: '100%' } };
  return (
    <Form form={form} layout="vertical" initialValues={toForm(value)} onFinish={(values) => onApply(fromForm(values))}>
      {kind === 'auditor' && (
        <Form.Item name="client" label={t('audits.fields.client')}>
          <Select {...select} loading={clients.isPending} options={options(clients.data)} onChange={() => form.setFieldValue('establishment', undefined)} />
        </Form.Item>
      )}
      <Form.Item name="establishment" label={t('audits.fields.establishment')}>
        <Select
          {...select}
          disabled={kind === 'auditor' && !client}
          loading={establishments.isFetching}
          options={options(establishments.data)}
          placeholder={kind === 'auditor' && !client ? t('audits.filters.clientFirst') : undefined}
        />
      </Form.Item>
      {kind === 'auditor' && (
        <Form.Item name="service" label={t('audits.fields.service')}>
          <Select {...select} loading={services.isPending} options={options(services.data)} />
        </Form.Item>
      )}
      {kind === 'auditor' ? (
        <Form.Item name="status" label={t('audits.fields.status')}>
          <Checkbox.Group options={AUDIT_STATUSES.map((s) => ({ value: s, label: t(`audits.status.${s}`) }))} style={{ display: 'grid', gap: 8 }} />
        </Form.Item>
      ) : (
        <Form.Item name="risk" label={t('audits.fields.risk')}>
          <Checkbox.Group options={RISKS.map((r) => ({ value: r, label: t(`audits.risk.${r}`) }))} style={{ display: 'grid', gap: 8 }} />
        </Form.Item>
      )}
      <Form.Item name="startDate" label={t('audits.fields.startDate')}>
        <DayRangePicker />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button
          onClick={() => {
            form.setFieldsValue({ client: undefined, establishment: undefined, service: undefined, status: [], risk: [], startDate: null });
            onApply({});
          }}
        >
          {t('list.resetFilters')}
        </Button>
        <Button type="primary" htmlType="submit" data-testid="filters-apply">
          {t('list.applyFilters')}
        </Button>
      </Flex>
    </Form>
  );
}
