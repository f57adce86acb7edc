import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Empty, Flex, List, Segmented, Skeleton, Typography } from 'antd';
import { CheckOutlined, ClearOutlined, DownloadOutlined, FileOutlined, FileProtectOutlined, SyncOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { NOTIFICATION_DRAWER_WIDTH } from '@audit/domain/constants';
import { reportCalls } from '@audit/domain/calls/reports';
import { downloadFile } from '../../api/download';
import { urlOf } from '../../api/send';
import { notifyError } from '../../ui/feedback';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState } from '../../ui/PageStates';
import { noticeTexts } from './notificationStatus';
import { useClearNotifications, useMarkAllRead, useMarkRead, useNotifications, type TNotification, type TNotificationFilter } from './notificationsApi';

/** The report's PDF, fetched with the session (its address needs the bearer token). */
function PdfLink({ auditId, name }: { auditId: string; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      await downloadFile(urlOf(reportCalls.pdf, { id: auditId }), name);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button type="link" size="small" icon={<DownloadOutlined />} loading={busy} onClick={open} style={{ paddingInline: 0 }}>
        {t('notifications.download')}
      </Button>
    </div>
  );
}

const ICONS: Record<string, ReactNode> = { SHARE_FILE: <FileOutlined />, AUDIT_ASSIGNED: <FileProtectOutlined /> };

/** Opening an item marks it read; an incident's goes to the incident, a register's (missed takes, its PDF) to its log (and closes the drawer); an assigned audit's link opens it. */
function NotificationItem({ item, onOpen, onNavigate }: { item: TNotification; onOpen: (item: TNotification) => void; onNavigate: () => void }) {
  const { t } = useTranslation();
  const body = item.payload?.body ?? {};
  const icon = ICONS[item.type] ?? <SyncOutlined />;
  const texts = noticeTexts(t, item.type, body);
  return (
    <List.Item
      className={`notification-item${item.read ? '' : ' is-unread'}`}
      onClick={() => onOpen(item)}
      onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && onOpen(item)}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      data-testid="notification-item"
    >
      <List.Item.Meta
        avatar={
          <Badge dot={!item.read}>
            <span className="notification-icon">{icon}</span>
          </Badge>
        }
        title={texts.title}
        description={
          <>
            {body.name && <Typography.Text>{body.name}</Typography.Text>}
            {texts.status && <Typography.Text type="secondary"> · {texts.status}</Typography.Text>}
            {item.type === 'SHARE_FILE' && body.status === 'ready' && body.auditId && <PdfLink auditId={body.auditId} name={body.name ?? 'informe.pdf'} />}
            {item.type === 'AUDIT_ASSIGNED' && body.auditId && (
              <div>
                <Link to={`/auditor/audits?audit=${body.auditId}`} onClick={onNavigate} data-testid="notification-open-audit">
                  {t('notifications.openAudit')}
                </Link>
              </div>
            )}
            {body.documentId && (
              <div>
                <Link to={`/documentation?document=${body.documentId}`} onClick={onNavigate} data-testid="notification-open-document">
                  {t('notifications.openDocument')}
                </Link>
              </div>
            )}
            {body.registerId && (
              <div>
                <Link to={`/registers/log/${body.registerId}`} onClick={onNavigate} data-testid="notification-open-register">
                  {t('notifications.openRegister')}
                </Link>
              </div>
            )}
            <div style={{ fontSize: 12, color: '#8a969e' }}>{dayjs(item.createdAt).fromNow()}</div>
          </>
        }
      />
    </List.Item>
  );
}

/** Opens from the left, 500 px (full width on phones); marks all read, clears all (asking first), opens an item. */
export function NotificationDrawer({ open, onClose, fullWidth }: { open: boolean; onClose: () => void; fullWidth: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<TNotificationFilter>('all');
  const [confirming, setConfirming] = useState(false);
  const query = useNotifications(filter, open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const clear = useClearNotifications();
  const empty = !query.data?.items.length;
  const openItem = (item: TNotification) => {
    if (!item.read) markRead.mutate(item._id);
    const { incidentId, labIncidentId, registerId } = item.payload?.body ?? {};
    const to = incidentId
      ? `/incidents/${incidentId}`
      : labIncidentId
        ? `/incidents/list/lab-data/${labIncidentId}`
        : registerId
          ? `/registers/log/${registerId}`
          : null;
    if (to) {
      onClose();
      navigate(to);
    }
  };
  const footer = (
    <Flex justify="space-between" gap={8}>
      <Button
        icon={<CheckOutlined />}
        disabled={empty}
        loading={markAll.isPending}
        onClick={() => markAll.mutate(undefined)}
        data-testid="notifications-read-all"
      >
        {t('notifications.markAsRead')}
      </Button>
      <Button icon={<ClearOutlined />} danger disabled={empty} onClick={() => setConfirming(true)} data-testid="notifications-clear">
        {t('notifications.clearAll')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('notifications.clearAll')}
        content={t('common.deleteQuestion')}
        confirmText={t('common.delete')}
        loading={clear.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Flex>
  );
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={fullWidth ? '100%' : NOTIFICATION_DRAWER_WIDTH}
      title={t('notifications.title')}
      footer={footer}
      data-testid="notification-drawer"
    >
      <Segmented
        value={filter}
        onChange={(value) => setFilter(value as TNotificationFilter)}
        options={[
          { value: 'all', label: t('notifications.all') },
          { value: 'unread', label: t('notifications.unread') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {query.isPending && <Skeleton active avatar paragraph={{ rows: 2 }} />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.items.length === 0 && <Empty description={t('notifications.empty')} style={{ marginTop: 48 }} />}
      {query.isSuccess && query.data.items.length > 0 && (
        <List dataSource={query.data.items} renderItem={(item) => <NotificationItem item={item} onOpen={openItem} onNavigate={onClose} />} />
      )}
    </Drawer>
  );
}
