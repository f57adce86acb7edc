import { Alert, Avatar, Button, Card, Col, DatePicker, Descriptions, Divider, Flex, Form, Input, Row, Select, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT, formatInstantDay, todayInZone } from '@audit/domain/dates';
import { LANGUAGES } from '@audit/domain/constants';
import { isAcceptablePassword, isOldEnough, isValidEmail, isValidPhone, isValidSurname, MIN_AGE_YEARS, USERNAME_PATTERN } from '@audit/domain/validators';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changeLanguage } from '../../i18n';
import { initialsOf, useMe, type TMe } from '../../session/me';
import { useCurrentSpace } from '../../session/space';
import { clearSession } from '../../session/storage';
import { useTimeZone } from '../../session/timeZone';
import { notifySuccess } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { PageSkeleton } from '../../ui/PageStates';
import { PasswordStrength } from '../../ui/PasswordStrength';
import { AvatarField } from './AvatarField';
import { IncidentEmailsSwitch } from './IncidentEmailsSwitch';
import { useSaveProfile } from './profileApi';

interface TProfileValues {
  /** An uploaded image's id, null to remove the picture, undefined to keep it. */
  avatar?: string | null;
  firstName: string;
  lastName?: string;
  username: string;
  email: string;
  phone?: string;
  birthday?: Dayjs | null;
  language: 'es' | 'en';
  currentPassword?: string;
  password?: string;
  confirm?: string;
}

const FIELDS = ['avatar', 'firstName', 'lastName', 'username', 'email', 'phone', 'birthday', 'language', 'currentPassword', 'password'];
const capitaliseFirst = (value?: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value);

/**
 * /profile: the signed-in user edits picture, names, username, e-mail, phone, birth date (over 16),
 * language and password (product document sections 2 and 5; the calls document's profile save);
 * roles and space are shown, changed by an administrator. A new password ends the session: the
 * user signs in again with it.
 */
export function ProfilePage() {
  const me = useMe().data;
  if (!me) return <PageSkeleton />;
  return <Profile me={me} key={me._id} />;
}

function Profile({ me }: { me: TMe }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const space = useCurrentSpace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TProfileValues>();
  const save = useSaveProfile();
  const password = Form.useWatch('password', form) ?? '';
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const today = todayInZone(timeZone);
  // The latest birth date that is 16 today (the picker offers nothing after it).
  const latestBirthday = dayjs(today).subtract(MIN_AGE_YEARS, 'year');

  const submit = (values: TProfileValues) =>
    save.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName?.trim() || null,
        username: values.username.trim(),
        email: values.email.trim(),
        phone: values.phone?.trim() || null,
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
        ...(values.avatar !== undefined ? { avatar: values.avatar } : {}),
        language: values.language,
        ...(values.password ? { password: values.password, currentPassword: values.currentPassword } : {}),
      },
      {
        onSuccess: () => {
          void changeLanguage(values.language);
          if (values.password) {
            // The server ends every session of the old password; sign in again with the new one. The
            // sign-in page is asked for first, with its notice: clearing the session first lets the
            // signed-in shell send the user there on its own, without the notice.
            navigate('/login', { replace: true, state: { notice: 'passwordChanged' } });
            clearSession();
            queryClient.clear();
            return;
          }
          notifySuccess('updateSuccess');
          form.setFieldsValue({ avatar: undefined, currentPassword: undefined, password: undefined, confirm: undefined });
        },
        onError: (error) => applyFieldErrors(form, error, FIELDS),
      },
    );

  return (
    <Card>
      <Flex gap={20} align="center" wrap style={{ marginBottom: 24 }}>
        <Avatar size={72} src={me.avatar || undefined} style={{ background: '#2a9d8f', fontSize: 26 }}>
          {initialsOf(me.fullName)}
        </Avatar>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {me.fullName}
          </Typography.Title>
          <Typography.Text type="secondary">{me.email}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            {me.isAdmin && <Tag color="gold">{t('profile.admin')}</Tag>}
            <Tag color={me.isAuditor ? 'purple' : 'cyan'}>{me.isAuditor ? t('profile.auditor') : t('profile.client')}</Tag>
          </div>
        </div>
      </Flex>
      <Form<TProfileValues>
        form={form}
        layout="vertical"
        requiredMark
        scrollToFirstError
        data-testid="profile-form"
        initialValues={{
          firstName: me.firstName,
          lastName: me.lastName ?? undefined,
          username: me.username,
          email: me.email,
          phone: me.phone ?? undefined,
          birthday: me.birthday ? dayjs(me.birthday) : null,
          language: me.language === 'en' ? 'en' : 'es',
        }}
        onFinish={submit}
      >
        <Typography.Title level={5}>{t('profile.title')}</Typography.Title>
        <Form.Item name="avatar" label={t('profileEdit.avatar')}>
          <AvatarField current={me.avatar} initials={initialsOf(me.fullName)} />
        </Form.Item>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="firstName"
              label={t('users.fields.firstName')}
              rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="lastName"
              label={t('users.fields.lastName')}
              normalize={capitaliseFirst}
              extra={t('users.form.lastNameHint')}
              rules={[
                { validator: (_r, v?: string) => (!v || isValidSurname(v) ? Promise.resolve() : Promise.reject(new Error(t('users.form.lastNameHint')))) },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('users.fields.username')}
              extra={t('profileEdit.loginChangeHint')}
              rules={[
                { required: true, whitespace: true, message: t('form.required') },
                { min: 2, max: 100 },
                { pattern: USERNAME_PATTERN, message: t('users.form.usernameRule') },
              ]}
            >
              <Input maxLength={100} autoComplete="username" data-testid="profile-username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('users.fields.email')}
              rules={[
                { required: true, whitespace: true, message: t('form.required') },
                { validator: (_r, v?: string) => (!v || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.invalidEmail')))) },
              ]}
            >
              <Input type="email" maxLength={254} autoComplete="email" data-testid="profile-email" />
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
            <Form.Item
              name="birthday"
              label={t('profileEdit.birthday')}
              rules={[
                {
                  validator: (_r, v?: Dayjs | null) =>
                    !v || isOldEnough(v.format('YYYY-MM-DD'), today) ? Promise.resolve() : Promise.reject(new Error(t('profileEdit.tooYoung'))),
                },
              ]}
            >
              <DatePicker
                format={DAY_FORMAT}
                style={{ width: '100%' }}
                defaultPickerValue={latestBirthday}
                disabledDate={(d) => d.isAfter(latestBirthday, 'day')}
                data-testid="profile-birthday"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="language" label={t('users.fields.language')} rules={[{ required: true, message: t('form.required') }]}>
              <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} data-testid="profile-language" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('profileEdit.passwordSection')}</Divider>
        <Typography.Paragraph type="secondary">{t('profileEdit.passwordHint')}</Typography.Paragraph>
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item
              name="currentPassword"
              label={t('profileEdit.current')}
              dependencies={['password']}
              rules={[({ getFieldValue }) => ({ required: Boolean(getFieldValue('password')), message: t('form.required') })]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="password"
              label={t('profileEdit.new')}
              extra={password ? <PasswordStrength password={password} /> : undefined}
              dependencies={['currentPassword']}
              rules={[
                { validator: (_r, v?: string) => (!v || isAcceptablePassword(v) ? Promise.resolve() : Promise.reject(new Error(t('password.rule')))) },
                ({ getFieldValue }) => ({
                  validator: (_r, v?: string) =>
                    v && v === getFieldValue('currentPassword') ? Promise.reject(new Error(t('profileEdit.sameAsCurrent'))) : Promise.resolve(),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="confirm"
              label={t('profileEdit.confirm')}
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, v?: string) =>
                    (getFieldValue('password') ?? '') === (v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('profileEdit.mismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
            {t('profileEdit.save')}
          </Button>
        </Flex>
      </Form>
      <Divider />
      <Alert type="info" showIcon title={t('profileEdit.readOnlyFields')} style={{ marginBottom: 16 }} />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'space', label: t('profile.space'), children: space.data?.name ?? dash },
          { key: 'createdAt', label: t('users.fields.createdAt'), children: formatInstantDay(me.createdAt, timeZone) },
          {
            key: 'roles',
            label: t('users.fields.roles'),
            span: 'filled',
            children: (
              <Flex wrap gap={4}>
                {me.roles.map((r) => (
                  <Tag key={r._id} color={r.superAdmin ? 'gold' : 'blue'}>
                    {r.name}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      <Divider />
      <IncidentEmailsSwitch me={me} />
    </Card>
  );
}
