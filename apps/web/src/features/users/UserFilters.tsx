import { Button, Checkbox, Flex, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dayInZone, endOfDayInZone, startOfDayInZone } from '@audit/domain/dates';
import { DayRangePicker } from '../../ui/DateRangeFilter';
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
          // A few roles in two groups: every option rendered (a virtual list hid the client's group below its fold).
          virtual={false}
          options={roleSelectOptions(t, roles.data?.items ?? [])}
          optionRender={(option) => <RoleOption option={option} />}
          placeholder={t('users.filters.anyRole')}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="createdAt" label={t('users.fields.createdAt')}>
        <DayRangePicker />
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
