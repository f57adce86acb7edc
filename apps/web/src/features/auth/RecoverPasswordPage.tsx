import { Alert, Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthParagraph, AuthTitle } from './AuthText';
import { useRecover } from './waysApi';
import { CaptchaNote, DonePage } from './WaysParts';

/** "Forgot password": e-mail or username; the answer never says whether the account exists. */
export function RecoverPasswordPage() {
  const { t, i18n } = useTranslation();
  const recover = useRecover();
  if (recover.isSuccess) return <DonePage status="info" title={t('ways.recover.sentTitle')} body={t('ways.recover.sentBody')} />;
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('auth.recover.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 24 }}>
        {t('ways.recover.intro')}
      </AuthParagraph>
      {recover.isError && <Alert type="error" showIcon title={errorMessage(recover.error)} style={{ marginBottom: 16 }} role="alert" />}
      <Form<{ identifier: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) => recover.mutate({ identifier: v.identifier.trim(), language: i18n.language })}
      >
        <Form.Item name="identifier" label={t('auth.login.username')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 254 }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus placeholder={t('auth.login.usernamePlaceholder')} />
        </Form.Item>
        <CaptchaNote />
        <Button type="primary" htmlType="submit" block loading={recover.isPending}>
          {t('ways.recover.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center' }}>
        <Link to="/login">{t('auth.recover.back')}</Link>
      </div>
    </AuthLayout>
  );
}
