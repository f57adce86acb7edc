import { Button, Checkbox, DatePicker, Flex, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, dayInZone, endOfDayInZone, startOfDayInZone, todayInZone } from '@audit/domain/dates';
import { useTimeZone } from '../../session/timeZone';
import { useRoleOptions } from './rolesApi';
import { RoleOption, roleSelectOptions } from '../../ui/roles';
import type { TListStatus, TUserFilters } from './usersApi';
import { LIST_STATUSES } from './userStatus';

interface TFilterForm {
  status?: TListStatus[];
  roles?: string[];
  createdAt?: [Dayjs, Dayjs] | null;
}

/** The picker holds calendar days (local dayjs of 'YYYY-MM-DD'); the filter, the instants those days start and end in the space's zone. */
const ISO_DAY = 'YYYY-MM-DD';
const toForm = (filters: TUserFilters, timeZone: string): TFilterForm => ({
  status: filters.status,
  roles: filters.roles,
  createdAt: filters.createdAt ? [dayjs(dayInZone(filters.createdAt[0], timeZone)), dayjs(dayInZone(filters.createdAt[1], timeZone))] : null,
});

const fromForm = (values: TFilterForm, timeZone: string): TUserFilters => ({
  ...(values.status?.length ? { status: values.status } : {}),
  ...(values.roles?.length ? { roles: values.roles } : {}),
  ...(values.createdAt
    ? {
        createdAt: [
          startOfDayInZone(values.createdAt[0].format(ISO_DAY), timeZone).toISOString(),
          endOfDayInZone(values.createdAt[1].format(ISO_DAY), timeZone).toISOString(),
        ] as [string, string],
      }
    : {}),
});

export const countFilters = (filters: TUserFilters) => Object.keys(filters).length;

/** Filters of the users list: status, roles, registration date range (with the spec's quick ranges). */
export function UserFilters({ value, onApply }: { value: TUserFilters; onApply: (filters: TUserFilters) => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const [form] = Form.useForm<TFilterForm>();
  const timeZone = useTimeZone();
  const today = dayjs(todayInZone(timeZone));
  const presets = [
    { label: t('dates.today'), value: [today.startOf('day'), today.endOf('day')] as [Dayjs, Dayjs] },
    { label: t('dates.thisWeek'), value: [today.startOf('week'), today.endOf('week')] as [Dayjs, Dayjs] },
    { label: t('dates.last7Days'), value: [today.subtract(6, 'day'), today] as [Dayjs, Dayjs] },
    { label: t('dates.thisMonth'), value: [today.startOf('month'), today.endOf('month')] as [Dayjs, Dayjs] },
    { label: t('dates.last30Days'), value: [today.subtract(29, 'day'), today] as [Dayjs, Dayjs] },
    { label: t('dates.lastMonth'), value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')] as [Dayjs, Dayjs] },
  ];
  return (
    <Form form={form} layout="vertical" initialValues={toForm(value, timeZone)} onFinish={(values) => onApply(fromForm(values, timeZone))}>
      <Form.Item name="status" label={t('users.fields.status')}>
        <Checkbox.Group options={LIST_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s.toUpperCase()}`) }))} style={{ display: 'grid', gap: 8 }} />
      </Form.Item>
      <Form.Item name="roles" label={t('users.fields.roles')}>
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          options={roleSelectOptions(t, roles.data?.items ?? [])}
          optionRender={(option) => <RoleOption option={option} />}
          placeholder={t('users.filters.anyRole')}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="createdAt" label={t('users.fields.createdAt')}>
        <DatePicker.RangePicker format={DAY_FORMAT} presets={presets} style={{ width: '100%' }} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button
          onClick={() => {
            form.setFieldsValue({ status: [], roles: [], createdAt: null });
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
