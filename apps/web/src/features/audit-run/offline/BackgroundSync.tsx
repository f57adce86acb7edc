import { useEffect } from 'react';
import { App, Button, Tag, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOnline } from '../../../ui/useOnline';
import { AUDITS_QUERY_KEY } from '../../../api/queryKeys';
import { RUN_PATH_PATTERN, runPath } from '../../../app/auditPaths';
import { queuedTotal, queueStateReady, useQueuedTotal } from './queueState';
import { SyncOverlay } from './SyncOverlay';
import { onSynced, syncNow } from './syncController';

/**
 * The offline queue outside the run page (the run page replays and reloads by itself): when the
 * network returns, or the app opens online with this user's changes waiting, they are sent with
 * the synchronising overlay, the audit lists are read again, and refused changes are announced
 * with a link to their audit, whose run page lists them. Mounted once by the shell.
 */
export function BackgroundSync() {
  const { pathname } = useLocation();
  const onRunPage = RUN_PATH_PATTERN.test(pathname);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    if (onRunPage) return;
    let alive = true;
    const replayIfWaiting = () =>
      void queueStateReady().then(() => {
        if (alive && navigator.onLine && queuedTotal() > 0) void syncNow(true);
      });
    window.addEventListener('online', replayIfWaiting);
    replayIfWaiting();
    const stopSynced = onSynced(async ({ failures }) => {
      // The audits lists and previews show statuses and scores the replay may have changed.
      await queryClient.invalidateQueries({ queryKey: AUDITS_QUERY_KEY });
      const auditId = failures[0]?.auditId;
      if (!auditId) return;
      notification.warning({
        key: 'offline-refused',
        message: t('auditRun.offline.failures.title'),
        description: t('auditRun.offline.background.refused', { count: failures.length }),
        duration: 0,
        actions: (
          <Button type="primary" size="small" onClick={() => (notification.destroy('offline-refused'), navigate(runPath(auditId)))}>
            {t('auditRun.offline.background.open')}
          </Button>
        ),
      });
    });
    return () => {
      alive = false;
      window.removeEventListener('online', replayIfWaiting);
      stopSynced();
    };
  }, [onRunPage, queryClient, navigate, notification, t]);

  return onRunPage ? null : <SyncOverlay />;
}

/** Header mark outside the run page: this user's changes still waiting on this device, with Sync now when online. */
export function PendingChangesTag({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const online = useOnline();
  // Read by BackgroundSync (or the run page) when the shell opens.
  const count = useQueuedTotal();
  if (!count || RUN_PATH_PATTERN.test(pathname)) return null;
  const label = t('auditRun.offline.pending', { count });
  return (
    <Tooltip title={online ? t('auditRun.offline.syncNow') : label}>
      <Tag
        color="processing"
        icon={<SyncOutlined />}
        style={{ marginInlineEnd: 0, cursor: online ? 'pointer' : undefined }}
        role={online ? 'button' : 'status'}
        tabIndex={online ? 0 : undefined}
        aria-label={label}
        data-testid="shell-pending"
        onClick={online ? () => void syncNow(true) : undefined}
        onKeyDown={online ? (e) => (e.key === 'Enter' || e.key === ' ') && void syncNow(true) : undefined}
      >
        {compact ? count : label}
      </Tag>
    </Tooltip>
  );
}
