import { Alert, Button, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthParagraph, AuthTitle } from './AuthText';
import { useRecoverCheck, useRecoverReset } from './waysApi';
import { ExpiredLinkPage, isExpiredLink, NewPasswordFields } from './WaysParts';

/** The recovery e-mail's link: the new password (every rule of §5), then sign in again everywhere. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = useSearchParams()[0].get('key') ?? '';
  const check = useRecoverCheck(key);
  const reset = useRecoverReset();
  const expiredPage = <ExpiredLinkPage retryPath="/recover-password" retryLabel={t('ways.recover.again')} />;
  if (!key || isExpiredLink(check.error) || isExpiredLink(reset.error)) return expiredPage;
  if (check.isPending)
    return (
      <AuthLayout>
        <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />
      </AuthLayout>
    );
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('ways.reset.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 24 }}>
        {t('ways.reset.intro')}
      </AuthParagraph>
      {(check.isError || reset.isError) && (
        <Alert type="error" showIcon title={errorMessage(check.error ?? reset.error)} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form<{ password: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) =>
          reset.mutate({ key, password: v.password }, { onSuccess: () => navigate('/login', { replace: true, state: { notice: 'passwordChanged' } }) })
        }
      >
        <NewPasswordFields autoFocus />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('ways.reset.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
