import { Button, DatePicker, Flex, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLabCodeOptions, useLabPlaces, type TLabFilters } from './labDataApi';

/** The reports' filters: verdict, organism, establishment, extraction months. */
export function LabFilters({ value, onApply }: { value: TLabFilters; onApply: (filters: TLabFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const places = useLabPlaces();
  const codes = useLabCodeOptions();
  const initial = {
    qualified: value.qualified === undefined ? undefined : String(value.qualified),
    resultCode: value.resultCode,
    establishment: value.establishment,
    months: value.months ? value.months.map((m) => dayjs(`${m}-01`)) : undefined,
  };
  const apply = (v: { qualified?: string; resultCode?: string; establishment?: string; months?: [dayjs.Dayjs, dayjs.Dayjs] | null }) =>
    onApply({
      qualified: v.qualified === undefined ? undefined : v.qualified === 'true',
      resultCode: v.resultCode || undefined,
      establishment: v.establishment || undefined,
      months: v.months ? [v.months[0].format('YYYY-MM'), v.months[1].format('YYYY-MM')] : undefined,
    });
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={apply}>
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
      <Form.Item name="months" label={t('labData.fields.months')}>
        <DatePicker.RangePicker picker="month" style={{ width: '100%' }} />
      </Form.Item>
      <Flex gap={8} justify="end">
        <Button
          onClick={() => {
            form.resetFields();
            onApply({});
          }}
        >
          {t('list.resetFilters')}
        </Button>
        <Button type="primary" htmlType="submit">
          {t('list.applyFilters')}
        </Button>
      </Flex>
    </Form>
  );
}
