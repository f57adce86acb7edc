import { Alert, Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthParagraph, AuthTitle } from './AuthText';
import { confirmationSentAt, rememberConfirmationSent, SPAM_HINT_AFTER_MS, useResend } from './waysApi';
import { CaptchaNote, DonePage } from './WaysParts';

/** confirm/resend: another confirmation e-mail; after 15 minutes without it, the spam-folder hint (C:285). */
export function ResendPage() {
  const { t, i18n } = useTranslation();
  const resend = useResend();
  const sentAt = confirmationSentAt();
  const showSpamHint = sentAt !== null && Date.now() - sentAt >= SPAM_HINT_AFTER_MS;
  if (resend.isSuccess) return <DonePage status="info" title={t('ways.resend.sentTitle')} body={t('ways.resend.sentBody')} />;
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('ways.resend.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 24 }}>
        {t('ways.resend.intro')}
      </AuthParagraph>
      {showSpamHint && <Alert type="info" showIcon title={t('ways.resend.spamHint')} style={{ marginBottom: 16 }} data-testid="spam-hint" />}
      {resend.isError && <Alert type="error" showIcon title={errorMessage(resend.error)} style={{ marginBottom: 16 }} role="alert" />}
      <Form<{ identifier: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) => resend.mutate({ identifier: v.identifier.trim(), language: i18n.language }, { onSuccess: rememberConfirmationSent })}
      >
        <Form.Item name="identifier" label={t('auth.login.username')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 254 }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <CaptchaNote />
        <Button type="primary" htmlType="submit" block loading={resend.isPending}>
          {t('ways.resend.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center' }}>
        <Link to="/login">{t('auth.recover.back')}</Link>
      </div>
    </AuthLayout>
  );
}
