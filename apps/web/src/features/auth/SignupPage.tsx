import { Alert, Button, Form, Select, Spin } from 'antd';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EMAIL_PATTERN, isValidSurname } from '@audit/domain/validators';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthParagraph, AuthTitle } from './AuthText';
import { rememberConfirmationSent, useSignup, useSignupSpaces } from './waysApi';
import { CaptchaNote, DonePage, NewPasswordFields } from './WaysParts';

interface TValues {
  space: string;
  firstName: string;
  lastName?: string;
  email: string;
  password: string;
}

/** Sign-up, only into a space whose configuration allows it; the account waits for the e-mail's confirmation. */
export function SignupPage() {
  const { t, i18n } = useTranslation();
  const spaces = useSignupSpaces();
  const signup = useSignup();
  if (spaces.isPending)
    return (
      <AuthLayout>
        <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />
      </AuthLayout>
    );
  if (!spaces.data?.length) return <DonePage status="info" title={t('ways.signup.disabled')} />;
  if (signup.isSuccess)
    return (
      <DonePage status="info" title={t('ways.signup.sentTitle')} body={t('ways.signup.sentBody')}>
        <Link to="/confirm/resend">{t('ways.resend.link')}</Link>
      </DonePage>
    );
  const only = spaces.data.length === 1 ? spaces.data[0] : undefined;
  const onFinish = (v: TValues) =>
    signup.mutate(
      {
        space: v.space,
        firstName: v.firstName.trim(),
        lastName: v.lastName?.trim() || null,
        email: v.email.trim(),
        password: v.password,
        language: i18n.language === 'en' ? 'en' : 'es',
      },
      { onSuccess: rememberConfirmationSent },
    );
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('ways.signup.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 24 }}>
        {only ? t('ways.signup.introOne', { space: only.name }) : t('ways.signup.intro')}
      </AuthParagraph>
      {signup.isError && <Alert type="error" showIcon title={errorMessage(signup.error)} style={{ marginBottom: 16 }} role="alert" />}
      <Form<TValues> layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ space: only?._id }}>
        <Form.Item name="space" label={t('ways.signup.space')} hidden={Boolean(only)} rules={[{ required: true, message: t('form.required') }]}>
          <Select options={spaces.data.map((s) => ({ value: s._id, label: s.name }))} />
        </Form.Item>
        <Form.Item
          name="firstName"
          label={t('ways.fields.firstName')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}
        >
          <Input autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item
          name="lastName"
          label={t('ways.fields.lastName')}
          rules={[
            { max: 100 },
            { validator: (_r, v: string) => (!v || isValidSurname(v) ? Promise.resolve() : Promise.reject(new Error(t('ways.fields.lastNameRule')))) },
          ]}
        >
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('ways.fields.email')}
          rules={[
            { required: true, message: t('form.required') },
            { pattern: EMAIL_PATTERN, message: t('form.invalidEmail') },
          ]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <NewPasswordFields />
        <CaptchaNote />
        <Button type="primary" htmlType="submit" block size="large" loading={signup.isPending}>
          {t('ways.signup.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center' }}>
        <Link to="/login">{t('ways.signup.haveAccount')}</Link>
      </div>
    </AuthLayout>
  );
}
