import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';

/** Target of "forgot password": recovery arrives with the account flows. */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Result
        icon={<MailOutlined style={{ color: '#0b6e5f' }} />}
        title={t('auth.recover.title')}
        subTitle={t('auth.recover.body')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('auth.recover.back')}</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
