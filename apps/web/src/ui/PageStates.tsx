import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../i18n/errorMessage';

export { FullPageSpinner } from './FullPageSpinner';

export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Card>
      <Skeleton active paragraph={{ rows }} />
    </Card>
  );
}

/** An error with the catalogue's text and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        status="warning"
        title={t('common.loadError')}
        subTitle={errorMessage(error)}
        extra={onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : undefined}
      />
    </Card>
  );
}
