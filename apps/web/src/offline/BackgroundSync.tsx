import { useEffect } from 'react';
import { App, Button, Tag, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOnline } from '../ui/useOnline';
import { useFailureText } from './failureText';
import { queuedTotal, queueStateReady, useQueuedTotal } from './queueState';
import { kindOf, parseResource, registeredKinds } from './resources';
import { SyncOverlay } from './SyncOverlay';
import { byKind, onSynced, syncNow } from './syncController';

/** A resource's own page replays and reloads by itself (useResourceSync). */
const syncsItself = (pathname: string) => registeredKinds().some((kind) => kind.page?.test(pathname));

/**
 * The offline queue away from the resources' own pages: when the network returns, or the app
 * opens online with this user's changes waiting, they are sent with the synchronising overlay,
 * what lists show of the changed resources is read again, and refused changes are announced,
 * naming the first, with a link to it. Mounted once by the shell.
 */
export function BackgroundSync() {
  const { pathname } = useLocation();
  const onOwnPage = syncsItself(pathname);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const describe = useFailureText();

  useEffect(() => {
    if (onOwnPage) return;
    let alive = true;
    const replayIfWaiting = () =>
      void queueStateReady().then(() => {
        if (alive && navigator.onLine && queuedTotal() > 0) void syncNow(true);
      });
    window.addEventListener('online', replayIfWaiting);
    replayIfWaiting();
    const stopSynced = onSynced(async ({ touched, failures }) => {
      // Lists and previews show what the replay may have changed.
      await Promise.all(byKind(touched).map(([kind, ids]) => kind.refreshViews?.(queryClient, ids).catch(() => undefined)));
      const first = failures[0];
      const kind = first && kindOf(first.resource);
      if (!first || !kind) return;
      const path = kind.pathOf(parseResource(first.resource).id, first.subject);
      notification.warning({
        key: 'offline-refused',
        message: t('offline.failures.title'),
        description: t('offline.background.refused', { count: failures.length, what: describe(first) }),
        duration: 0,
        actions: (
          <Button type="primary" size="small" onClick={() => (notification.destroy('offline-refused'), navigate(path))}>
            {t('offline.background.open')}
          </Button>
        ),
      });
    });
    return () => {
      alive = false;
      window.removeEventListener('online', replayIfWaiting);
      stopSynced();
    };
  }, [onOwnPage, queryClient, navigate, notification, t, describe]);

  return onOwnPage ? null : <SyncOverlay />;
}

/** Header mark away from the resources' own pages: this user's changes still waiting on this device, with Sync now when online. */
export function PendingChangesTag({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const online = useOnline();
  // Read by BackgroundSync (or the resource's page) when the shell opens.
  const count = useQueuedTotal();
  if (!count || syncsItself(pathname)) return null;
  const label = t('offline.pending', { count });
  return (
    <Tooltip title={online ? t('offline.syncNow') : label}>
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
