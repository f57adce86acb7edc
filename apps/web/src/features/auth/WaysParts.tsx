import type { ReactNode } from 'react';
import { Button, Flex, Form, Result } from 'antd';
import Password from 'antd/es/input/Password';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isAcceptablePassword } from '@audit/domain/validators';
import { isError } from '../../api/errors';
import { PasswordStrength } from '../../ui/PasswordStrength';
import { AuthLayout } from './AuthLayout';

/** A used, expired or unknown link (LNK0001): say so, and offer the way to a new one. */
export function ExpiredLinkPage({ retryPath, retryLabel }: { retryPath?: string; retryLabel?: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Result
        icon={<ClockCircleOutlined style={{ color: '#fa8c16' }} />}
        title={t('ways.expired.title')}
        subTitle={t('ways.expired.body')}
        data-testid="expired-link"
        extra={
          // A gap on both axes: on a phone the two buttons wrap one above the other.
          <Flex gap={8} wrap justify="center">
            {retryPath && (
              <Link to={retryPath}>
                <Button type="primary">{retryLabel}</Button>
              </Link>
            )}
            <Link to="/login">
              <Button>{t('auth.recover.back')}</Button>
            </Link>
          </Flex>
        }
      />
    </AuthLayout>
  );
}

export const isExpiredLink = (error: unknown) => isError(error, 'linkExpired');

/** The end of a flow: a result and the way back to sign-in (or somewhere else). */
export function DonePage({
  title,
  body,
  children,
  status = 'success',
}: {
  title: string;
  body?: ReactNode;
  children?: ReactNode;
  status?: 'success' | 'info';
}) {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Result
        status={status}
        title={title}
        subTitle={body}
        data-testid="ways-done"
        extra={
          children ?? (
            <Link to="/login">
              <Button type="primary">{t('auth.recover.back')}</Button>
            </Link>
          )
        }
      />
    </AuthLayout>
  );
}

/** New password and its repetition, with the strength bar and the rules of §5 (the server checks them again). */
export function NewPasswordFields({ autoFocus }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const password = Form.useWatch<string | undefined>('password') ?? '';
  return (
    <>
      <Form.Item
        name="password"
        label={t('ways.password.new')}
        extra={t('ways.password.rules')}
        rules={[
          { required: true, message: t('form.required') },
          {
            validator: (_r, value: string) => (!value || isAcceptablePassword(value) ? Promise.resolve() : Promise.reject(new Error(t('ways.password.weak')))),
          },
        ]}
      >
        <Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <div style={{ marginTop: -12, marginBottom: 16 }}>
        <PasswordStrength password={password} />
      </div>
      <Form.Item
        name="confirm"
        label={t('ways.password.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('form.required') },
          ({ getFieldValue }) => ({
            validator: (_r, value: string) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('ways.password.mismatch'))),
          }),
        ]}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The captcha's work happens on submit; say so while it runs. */
export function CaptchaNote() {
  const { t } = useTranslation();
  return (
    <div className="auth-text auth-text-note auth-text-secondary" style={{ display: 'block', marginBottom: 16, fontSize: 12 }}>
      {t('ways.captcha')}
    </div>
  );
}
