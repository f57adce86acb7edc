import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Spin } from 'antd';
// The two inputs themselves: `Input` from 'antd' carries TextArea, Search and OTP too (decision 0017).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isError } from '../../api/errors';
import { AuthTitle, AuthParagraph } from './AuthText';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../i18n/errorMessage';
import { isSignedIn } from '../../session/storage';
import { logout, useSignIn, useStartSession, type TSigninInput, type TSigninSession } from './authApi';
import { useSignupSpaces } from './waysApi';
import { AuthLayout } from './AuthLayout';
import { useSocialProviders } from './googleApi';
import { safeRedirect } from './redirect';

// Only users of several structures see it, after signing in: not part of the sign-in page's download.
const StructureChoice = lazy(() => import('./StructureChoice').then((m) => ({ default: m.StructureChoice })));
// Downloaded only where the server has Google sign-in configured (decision 0046).
const GoogleButton = lazy(() => import('./GoogleButton').then((m) => ({ default: m.GoogleButton })));

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [form] = Form.useForm<TSigninInput>();
  const startSession = useStartSession();
  const [pending, setPending] = useState<TSigninSession | null>(null);
  const redirect = safeRedirect(params.get('redirect'));
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const passwordChanged = notice === 'passwordChanged';
  // The sign-up link shows only when a space takes sign-ups (decision 0040).
  const signupOpen = Boolean(useSignupSpaces().data?.length);
  const googleOn = Boolean(useSocialProviders().data?.google);

  if (isSignedIn() && !pending && !signIn.isPending) return <Navigate to={redirect} replace />;

  const finish = (session: TSigninSession) => {
    startSession(session);
    navigate(redirect, { replace: true });
  };
  // 491: no dead end: the message links to confirm/resend.
  const notVerified = isError(signIn.error, 'notVerified');

  const onFinish = (values: TSigninInput) =>
    signIn.mutate(values, {
      onSuccess: (session) => (session.spaces.length > 1 ? setPending(session) : finish(session)),
    });

  if (pending)
    return (
      <AuthLayout>
        <Suspense fallback={<Spin />}>
          <StructureChoice
            session={pending}
            onDone={finish}
            onBack={() => {
              void logout(pending.refreshToken).catch(() => undefined);
              setPending(null);
            }}
          />
        </Suspense>
      </AuthLayout>
    );

  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('auth.login.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 28 }}>
        {t('auth.login.subtitle')}
      </AuthParagraph>
      {(passwordChanged || notice === 'invitationAccepted') && !signIn.isError && (
        <Alert
          type="success"
          showIcon
          title={passwordChanged ? t('auth.login.passwordChanged') : t('ways.login.invitationAccepted')}
          style={{ marginBottom: 20 }}
          data-testid="login-notice"
        />
      )}
      {signIn.isError && (
        <Alert
          type={notVerified ? 'warning' : 'error'}
          showIcon
          title={errorMessage(signIn.error)}
          description={
            notVerified ? (
              <>
                {t('auth.login.notVerifiedHelp')} <Link to="/confirm/resend">{t('ways.login.resend')}</Link>
              </>
            ) : undefined
          }
          style={{ marginBottom: 20 }}
          role="alert"
          data-testid="login-error"
        />
      )}
      <Form<TSigninInput> form={form} layout="vertical" size="large" onFinish={onFinish} initialValues={{ remember: true }} requiredMark={false}>
        <Form.Item name="username" label={t('auth.login.username')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus placeholder={t('auth.login.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.login.password')} rules={[{ required: true, message: t('form.required') }]}>
          <Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="••••••••" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('auth.login.remember')}</Checkbox>
          </Form.Item>
          <Link to="/recover-password">{t('auth.login.forgot')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      {googleOn && (
        <Suspense fallback={null}>
          <GoogleButton remember={() => form.getFieldValue('remember') !== false} redirect={redirect} />
        </Suspense>
      )}
      <Flex justify="center" gap={20} wrap style={{ marginTop: 20 }}>
        {signupOpen && <Link to="/signup">{t('ways.login.signup')}</Link>}
        <Link to="/access-request">{t('ways.login.requestAccess')}</Link>
      </Flex>
    </AuthLayout>
  );
}
