import { Tag, Tooltip } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { RUN_PATH_PATTERN } from '../../manifest/auditPaths';
import { useOnline } from '../../ui/useOnline';

/**
 * A quiet "offline" mark in the header: the app keeps working on what this device has kept. Not on
 * the audit run page, which has its own connectivity status (with the pending changes) in its header.
 */
export function OfflineTag({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { pathname } = useLocation();
  if (online || RUN_PATH_PATTERN.test(pathname)) return null;
  return (
    <Tooltip title={t('shell.offlineHint')}>
      <Tag
        color="warning"
        icon={<DisconnectOutlined />}
        style={{ marginInlineEnd: 0 }}
        role="status"
        aria-label={t('shell.offline')}
        data-testid="shell-offline"
      >
        {compact ? null : t('shell.offline')}
      </Tag>
    </Tooltip>
  );
}
