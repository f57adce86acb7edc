import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStorageSpace } from './storageSpace';

const MB = 1024 * 1024;

/** Shell banner while this device is low on space: how much is left and what to do before changes can no longer be kept. */
export function StorageSpaceWarning() {
  const { t } = useTranslation();
  const { free, low } = useStorageSpace();
  if (!low) return null;
  const description = free === null ? t('offline.storage.unknown') : t('offline.storage.free', { mb: Math.floor(free / MB) });
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="storage-low"
      style={{ marginBottom: 12 }}
      message={t('offline.storage.title')}
      description={`${description} ${t('offline.storage.what')}`}
    />
  );
}
