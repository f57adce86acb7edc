import { useState } from 'react';
import { Col, DatePicker, Divider, Form, Input, Row, Select, Switch, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, todayInZone } from '@audit/domain/dates';
import { isValidDni } from '@audit/domain/employees/dni';
import { DNI_MAX_TYPED } from '@audit/domain/employees/schemas';
import { DESCRIPTION_MAX_LENGTH } from '@audit/domain/constants';
import { isOldEnough, MIN_AGE_YEARS } from '@audit/domain/validators';
import { spacesBelow, useAccessSpaces } from '../../ui/access/accessSpacesApi';
import { GeoSelect } from '../../ui/GeoSelect';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useTimeZone } from '../../session/timeZone';
import { useEmployeeNomenclature, useUserOptions, type TEmployee } from './employeesApi';

export interface TEmployeeFormValues {
  firstName: string;
  lastName?: string;
  dni: string;
  birthday?: Dayjs | null;
  active?: boolean;
  address?: string;
  country?: string | null;
  province?: string | null;
  municipality?: string | null;
  workerProfile?: string | null;
  occupation?: string | null;
  user?: string | null;
  clientAccess?: string[];
  areaAccess?: string[];
  description?: string;
}

/** The form's fields a server error may name (applyFieldErrors). */
export const EMPLOYEE_FORM_FIELDS = [
  'firstName',
  'lastName',
  'dni',
  'birthday',
  'address',
  'country',
  'province',
  'municipality',
  'workerProfile',
  'occupation',
  'user',
  'clientAccess',
  'areaAccess',
  'description',
];

function NomenclaturePicker({
  kind,
  ...rest
}: {
  kind: 'employeeProfiles' | 'employeeTypes';
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const options = useEmployeeNomenclature(kind);
  return (
    <Select
      {...rest}
      value={rest.value ?? undefined}
      onChange={(v?: string) => rest.onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isPending}
      options={(options.data?.items ?? []).map((o) => ({ value: o._id, label: o.name }))}
    />
  );
}

/** The user account: searched on the server (250 at a time); the linked one stays listed while not among the results. */
function UserPicker({ current, ...rest }: { current: TEmployee['user']; value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const users = useUserOptions(useDebouncedValue(search, 250));
  const items = (users.data?.items ?? []).map((u) => ({ value: u._id ?? '', label: `${u.fullName ?? ''} · ${u.email ?? ''}` }));
  const options =
    current && !items.some((o) => o.value === current._id) ? [{ value: current._id, label: `${current.name} · ${current.email}` }, ...items] : items;
  return (
    <Select
      {...rest}
      value={rest.value ?? undefined}
      onChange={(v?: string) => rest.onChange?.(v ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={users.isFetching}
      placeholder={t('employees.form.noUser')}
      options={options}
      data-testid="employee-user"
    />
  );
}

/**
 * The employee's form, create and edit (decision 0084). Country → province → municipality: each
 * waits for its parent and is cleared when the parent changes (product document sections 4 and 5).
 * Areas are those below the clients chosen (all the scope's when none is).
 */
export function EmployeeForm({
  form,
  initialValues,
  editing,
  current,
  onFinish,
}: {
  form: FormInstance<TEmployeeFormValues>;
  initialValues: Partial<TEmployeeFormValues>;
  editing: boolean;
  current?: TEmployee;
  onFinish: (values: TEmployeeFormValues) => void;
}) {
  const { t } = useTranslation();
  const today = todayInZone(useTimeZone());
  // The latest birth date that is 16 today: the picker offers nothing after it.
  const latestBirthday = dayjs(today).subtract(MIN_AGE_YEARS, 'year');
  const country = Form.useWatch('country', form);
  const province = Form.useWatch('province', form);
  const clientIds = Form.useWatch('clientAccess', form) as string[] | undefined;
  const spaces = useAccessSpaces(true);
  const all = spaces.data?.items ?? [];
  const clients = all.filter((s) => s.type === 'STRUCTURE' && s.parent !== null);
  const areas = spacesBelow(
    all,
    'AREA',
    all.filter((s) => clientIds?.includes(s._id)),
  );
  const spaceOptions = (list: typeof all) => list.map((s) => ({ value: s._id, label: s.name }));
  const required = { required: true, message: t('form.required') };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      scrollToFirstError
      onValuesChange={(changed: Partial<TEmployeeFormValues>, values) => {
        if ('country' in changed) form.setFieldsValue({ province: null, municipality: null });
        if ('province' in changed) form.setFieldsValue({ municipality: null });
        if ('clientAccess' in changed && values.clientAccess?.length) {
          const below = new Set(
            spacesBelow(
              all,
              'AREA',
              all.filter((s) => values.clientAccess!.includes(s._id)),
            ).map((s) => s._id),
          );
          form.setFieldsValue({ areaAccess: (values.areaAccess ?? []).filter((id) => below.has(id)) });
        }
      }}
    >
      <Typography.Title level={5}>{t('employees.sections.person')}</Typography.Title>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="firstName" label={t('employees.fields.firstName')} rules={[required, maxLengthRule(100)]}>
            <Input count={lengthCount(100)} autoComplete="off" data-testid="employee-firstName" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lastName" label={t('employees.fields.lastName')} rules={[maxLengthRule(100)]}>
            <Input count={lengthCount(100)} autoComplete="off" data-testid="employee-lastName" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="dni"
            label={t('employees.fields.dni')}
            extra={t('employees.form.dniHint')}
            validateTrigger="onBlur"
            rules={[
              required,
              {
                validator: (_r, v?: string) =>
                  !v || (v.length <= DNI_MAX_TYPED && isValidDni(v)) ? Promise.resolve() : Promise.reject(new Error(t('employees.form.badDni'))),
              },
            ]}
          >
            <Input autoComplete="off" style={{ textTransform: 'uppercase' }} data-testid="employee-dni" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="birthday"
            label={t('employees.fields.birthday')}
            rules={[
              required,
              {
                validator: (_r, v?: Dayjs | null) =>
                  !v || isOldEnough(v.format('YYYY-MM-DD'), today) ? Promise.resolve() : Promise.reject(new Error(t('employees.form.tooYoung'))),
              },
            ]}
          >
            <DatePicker
              format={DAY_FORMAT}
              style={{ width: '100%' }}
              defaultPickerValue={latestBirthday}
              disabledDate={(d) => d.isAfter(latestBirthday, 'day')}
              data-testid="employee-birthday"
            />
          </Form.Item>
        </Col>
        {editing && (
          <Col xs={24} md={12}>
            <Form.Item name="active" label={t('employees.fields.status')} valuePropName="checked">
              <Switch checkedChildren={t('employees.status.ACTIVE')} unCheckedChildren={t('employees.status.INACTIVE')} />
            </Form.Item>
          </Col>
        )}
      </Row>

      <Divider />
      <Typography.Title level={5}>{t('employees.sections.address')}</Typography.Title>
      <Row gutter={24}>
        <Col xs={24}>
          <Form.Item name="address" label={t('employees.fields.address')} rules={[maxLengthRule(200)]}>
            <Input count={lengthCount(200)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="country" label={t('employees.fields.country')}>
            <GeoSelect level="countries" placeholder={t('employees.form.search')} data-testid="employee-country" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="province" label={t('employees.fields.province')} extra={!country ? t('employees.form.chooseCountry') : undefined}>
            <GeoSelect level="states" parentId={country ?? undefined} disabled={!country} placeholder={t('employees.form.search')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="municipality" label={t('employees.fields.municipality')} extra={!province ? t('employees.form.chooseProvince') : undefined}>
            <GeoSelect level="cities" parentId={province ?? undefined} disabled={!province} placeholder={t('employees.form.search')} />
          </Form.Item>
        </Col>
      </Row>

      <Divider />
      <Typography.Title level={5}>{t('employees.sections.work')}</Typography.Title>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="workerProfile" label={t('employees.fields.workerProfile')}>
            <NomenclaturePicker kind="employeeProfiles" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="occupation" label={t('employees.fields.occupation')}>
            <NomenclaturePicker kind="employeeTypes" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="user" label={t('employees.fields.user')} extra={t('employees.form.userHint')}>
            <UserPicker current={current?.user ?? null} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="clientAccess" label={t('employees.fields.clientAccess')}>
            <Select
              mode="multiple"
              allowClear
              loading={spaces.isPending}
              optionFilterProp="label"
              maxTagCount="responsive"
              options={spaceOptions(clients)}
              data-testid="employee-clients"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="areaAccess" label={t('employees.fields.areaAccess')}>
            <Select mode="multiple" allowClear loading={spaces.isPending} optionFilterProp="label" maxTagCount="responsive" options={spaceOptions(areas)} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('employees.fields.description')} rules={[maxLengthRule(DESCRIPTION_MAX_LENGTH)]}>
            <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} count={lengthCount(DESCRIPTION_MAX_LENGTH)} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
