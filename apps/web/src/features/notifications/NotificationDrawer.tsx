import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Empty, Flex, List, Segmented, Skeleton, Tooltip, Typography } from 'antd';
import { CheckOutlined, ClearOutlined, DownloadOutlined, FileOutlined, FileProtectOutlined, SyncOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTIFICATION_DRAWER_WIDTH } from '@audit/domain/constants';
import { downloadFile } from '../../api/download';
import { notifyError } from '../../ui/feedback';
import { ErrorState } from '../../ui/PageStates';
import { statusText } from './notificationStatus';
import { useNotifications, type TNotification, type TNotificationFilter } from './notificationsApi';

/** The report's PDF, fetched with the session (its address needs the bearer token). */
function PdfLink({ auditId, name }: { auditId: string; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      await downloadFile(`/ms-core/api/reports/audit/${auditId}/pdf`, name);
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

function NotificationItem({ item, onNavigate }: { item: TNotification; onNavigate: () => void }) {
  const { t } = useTranslation();
  const body = item.payload?.body ?? {};
  const icon = ICONS[item.type] ?? <SyncOutlined />;
  return (
    <List.Item className={`notification-item${item.read ? '' : ' is-unread'}`}>
      <List.Item.Meta
        avatar={
          <Badge dot={!item.read}>
            <span className="notification-icon">{icon}</span>
          </Badge>
        }
        title={t(`notifications.type.${item.type}`, { defaultValue: item.type })}
        description={
          <>
            {body.name && <Typography.Text>{body.name}</Typography.Text>}
            {body.status && <Typography.Text type="secondary"> · {statusText(t, body.status)}</Typography.Text>}
            {item.type === 'SHARE_FILE' && body.status === 'ready' && body.auditId && <PdfLink auditId={body.auditId} name={body.name ?? 'informe.pdf'} />}
            {item.type === 'AUDIT_ASSIGNED' && body.auditId && (
              <div>
                <Link to={`/auditor/audits?audit=${body.auditId}`} onClick={onNavigate} data-testid="notification-open-audit">
                  {t('notifications.openAudit')}
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

/** Opens from the left, 500 px (full width on phones); mark-as-read and clear-all are not wired yet (spec). */
export function NotificationDrawer({ open, onClose, fullWidth }: { open: boolean; onClose: () => void; fullWidth: boolean }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TNotificationFilter>('all');
  const query = useNotifications(filter, open);
  const notWired = t('notifications.notAvailable');
  const footer = (
    <Flex justify="space-between" gap={8}>
      <Tooltip title={notWired}>
        <Button icon={<CheckOutlined />} disabled>
          {t('notifications.markAsRead')}
        </Button>
      </Tooltip>
      <Tooltip title={notWired}>
        <Button icon={<ClearOutlined />} danger disabled>
          {t('notifications.clearAll')}
        </Button>
      </Tooltip>
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
        <List dataSource={query.data.items} renderItem={(item) => <NotificationItem item={item} onNavigate={onClose} />} />
      )}
    </Drawer>
  );
}
