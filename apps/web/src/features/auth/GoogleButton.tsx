import { Alert, Button, Divider } from 'antd';
import { GoogleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errorMessage';
import { useStartGoogle } from './googleApi';

/** "Continuar con Google" under the sign-in form; the sign-in page shows it only when the server has Google configured (decision 0046). */
export function GoogleButton({ remember, redirect }: { remember: () => boolean; redirect: string }) {
  const { t } = useTranslation();
  const start = useStartGoogle();
  return (
    <div data-testid="google-signin">
      <Divider plain style={{ margin: '20px 0' }}>
        {t('ways.google.or')}
      </Divider>
      {start.isError && <Alert type="error" showIcon title={errorMessage(start.error)} style={{ marginBottom: 12 }} role="alert" />}
      <Button block size="large" icon={<GoogleOutlined />} loading={start.isPending} onClick={() => start.mutate({ remember: remember(), redirect })}>
        {t('ways.google.continue')}
      </Button>
    </div>
  );
}
