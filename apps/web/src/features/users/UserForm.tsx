import { Button, Col, Divider, Flex, Form, Input, Row, Select, Switch, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES } from '@audit/domain/constants';
import { AUDITOR_ROLE } from '@audit/domain/users';
import { isAcceptablePassword, isValidEmail, isValidPhone, USERNAME_PATTERN } from '@audit/domain/validators';
import { PasswordStrength } from '../../ui/PasswordStrength';
import { useAccessSpaces, type TAccessSpace } from '../../ui/access/accessSpacesApi';
import { AccessFields, narrowMemberships } from '../../ui/access/AccessFields';
import { RoleOption, roleSelectOptions } from '../../ui/roles';
import { useRoleOptions, type TRole } from './rolesApi';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';
import type { TRegistersAccessEntry } from '@audit/domain/users';

export interface TUserFormValues {
  firstName: string;
  lastName?: string;
  username: string;
  email: string;
  phone?: string;
  roles: string[];
  isAuditor: boolean;
  /** How the audit report is laid out for this user (spec section 2, report view). */
  reportType?: (typeof REPORT_TYPES)[number];
  clients?: string[];
  establishments?: string[];
  areas?: string[];
  accessServices?: string[];
  registersAccess?: Partial<TRegistersAccessEntry>[];
  labDataAccess?: string[];
  autoGeneratePassword?: boolean;
  password?: string;
}

/** Letters, digits and . _ @ - (as the server accepts). */

export const USER_FORM_FIELDS = [
  'firstName',
  'lastName',
  'username',
  'email',
  'phone',
  'roles',
  'isAuditor',
  'reportType',
  'clients',
  'establishments',
  'areas',
  'accessServices',
  'registersAccess',
  'labDataAccess',
  'password',
];

const auditorRoleOf = (roles: TRole[]) => roles.find((r) => r.name === AUDITOR_ROLE);

/**
 * Keeps the auditor role and the Auditor switch together (the server refuses them apart), and
 * drops establishments and areas no longer below the clients (or establishments) chosen.
 */
export function followChanges(changed: Partial<TUserFormValues>, values: TUserFormValues, roles: TRole[], spaces: TAccessSpace[]): Partial<TUserFormValues> {
  const auditor = auditorRoleOf(roles);
  const out: Partial<TUserFormValues> = {};
  if (auditor && changed.roles) out.isAuditor = changed.roles.includes(auditor._id);
  if (auditor && changed.isAuditor !== undefined) {
    const others = (values.roles ?? []).filter((id) => id !== auditor._id);
    out.roles = changed.isAuditor ? [...others, auditor._id] : others;
  }
  Object.assign(out, narrowMemberships(changed, values, spaces));
  return out;
}

/** Last name: only the first letter capitalised (catalogue 921). */
export const capitaliseFirst = (value?: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : value);

/** The one form of create and edit; `withPassword` adds the password (create only). */
export function UserForm({
  form,
  initialValues,
  initialRefs,
  withPassword,
  editing = false,
  saving,
  onFinish,
  onCancel,
}: {
  form: FormInstance<TUserFormValues>;
  initialValues: Partial<TUserFormValues>;
  /** The names of the user's clients, establishments and areas (editing). */
  initialRefs?: Partial<Record<'clients' | 'establishments' | 'areas', { _id: string; name: string }[]>>;
  withPassword: boolean;
  /** Editing: clients, establishments and areas are shown but fixed (section 6). */
  editing?: boolean;
  saving: boolean;
  onFinish: (values: TUserFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const spaces = useAccessSpaces(!editing);
  const all = spaces.data?.items ?? [];
  const selectedRoles = Form.useWatch('roles', form);
  const roleList = roles.data?.items ?? [];
  // Never a role above the caller's own (decision 0062); one the user already holds stays shown.
  const offered = roleList.filter((r) => r.grantable !== false || initialValues.roles?.includes(r._id));
  const auto = Form.useWatch('autoGeneratePassword', form) ?? true;
  const password = Form.useWatch('password', form) ?? '';
  const reportType = Form.useWatch('reportType', form);
  const required = { required: true, whitespace: true, message: t('form.required') };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<TUserFormValues>, values: TUserFormValues) => {
        const follow = followChanges(changed, values, roleList, all);
        if (Object.keys(follow).length) form.setFieldsValue(follow);
      }}
      requiredMark
      scrollToFirstError
      data-testid="user-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="firstName" label={t('users.fields.firstName')} rules={[required, maxLengthRule(100)]}>
            <Input autoFocus count={lengthCount(100)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="lastName"
            label={t('users.fields.lastName')}
            normalize={capitaliseFirst}
            rules={[maxLengthRule(100)]}
            extra={t('users.form.lastNameHint')}
          >
            <Input count={lengthCount(100)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="username"
            label={t('users.fields.username')}
            rules={[
              required,
              { min: 2, max: 100, message: t('users.form.usernameRule') },
              { pattern: USERNAME_PATTERN, message: t('users.form.usernameRule') },
            ]}
            normalize={(v?: string) => v?.trim()}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('users.fields.email')}
            rules={[
              required,
              { validator: (_r, v?: string) => (!v || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.invalidEmail')))) },
            ]}
          >
            <Input type="email" autoComplete="off" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('users.fields.phone')}
            normalize={(v?: string) => v?.replace(/[\s-]/g, '')}
            rules={[{ validator: (_r, v?: string) => (!v || isValidPhone(v) ? Promise.resolve() : Promise.reject(new Error(t('form.invalidPhone')))) }]}
          >
            <Input placeholder="+34600000000" inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="roles" label={t('users.fields.roles')} rules={[{ required: true, type: 'array', min: 1, message: t('form.required') }]}>
            <Select
              mode="multiple"
              loading={roles.isPending}
              // A few roles in two groups: every option rendered (a virtual list hid the client's group below its fold).
              virtual={false}
              options={roleSelectOptions(t, offered)}
              optionRender={(option) => <RoleOption option={option} />}
              optionFilterProp="label"
              placeholder={t('users.form.rolesPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="isAuditor" label={t('users.fields.isAuditor')} valuePropName="checked" extra={t('usersAccess.auditorHint')}>
            <Switch data-testid="user-form-auditor" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="reportType" label={t('users.fields.reportType')} extra={t(`users.reportTypeHint.${reportType ?? 'default'}`)}>
            <Select options={REPORT_TYPES.map((r) => ({ value: r, label: t(`users.reportType.${r}`) }))} data-testid="user-form-report-type" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('usersAccess.section')}</Divider>
      <Typography.Paragraph type="secondary">{editing ? t('usersAccess.fixedOnEdit') : t('usersAccess.clientsHint')}</Typography.Paragraph>
      <AccessFields form={form} roles={roleList.filter((r) => selectedRoles?.includes(r._id))} editing={editing} fixed={editing ? initialRefs : undefined} />
      {withPassword && (
        <>
          <Divider titlePlacement="start">{t('users.form.password')}</Divider>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="autoGeneratePassword" label={t('password.autoGenerate')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            {!auto && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  label={t('password.new')}
                  rules={[
                    { required: true, message: t('form.required') },
                    { validator: (_r, v?: string) => (!v || isAcceptablePassword(v) ? Promise.resolve() : Promise.reject(new Error(t('password.rule')))) },
                  ]}
                  extra={<PasswordStrength password={password} />}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            )}
          </Row>
        </>
      )}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="user-form-submit">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
