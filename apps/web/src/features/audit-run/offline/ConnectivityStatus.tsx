import { Button, Tag, Tooltip } from 'antd';
import { CloudServerOutlined, DisconnectOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { errorMessage } from '../../../i18n/errorMessage';
import { syncNow } from '../../../offline/syncController';
import { useConnectivity } from '../../../offline/useConnectivity';
import { auditResource } from './auditResource';

/**
 * Run header: online or offline (offline too while the audit shows from this device's copy),
 * the changes waiting to be sent, the last error they met, and Sync now.
 */
export function ConnectivityStatus({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const { browserOnline, online, pending: count, lastError, syncing } = useConnectivity(auditResource(auditId));
  const why = lastError
    ? t('auditRun.offline.lastError', { error: errorMessage(new ApiError(lastError.status, lastError.name, lastError.reference, '')) })
    : undefined;
  return (
    <span className="run-connectivity" data-testid="run-connectivity" data-online={online}>
      <Tag color={online ? 'success' : 'warning'} icon={online ? <CloudServerOutlined /> : <DisconnectOutlined />}>
        {t(online ? 'auditRun.offline.online' : 'auditRun.offline.offline')}
      </Tag>
      {count > 0 && (
        <>
          <Tooltip title={why}>
            <span className="run-pending" aria-live="polite" data-testid="run-pending">
              {t('offline.pending', { count })}
            </span>
          </Tooltip>
          <Button
            size="small"
            icon={<SyncOutlined />}
            disabled={!browserOnline || syncing}
            onClick={() => void syncNow(true)}
            aria-label={t('offline.syncNow')}
          >
            <span className="run-hide-narrow">{t('offline.syncNow')}</span>
          </Button>
        </>
      )}
    </span>
  );
}
