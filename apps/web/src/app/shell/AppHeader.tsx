import { Badge, Button, Flex, Layout, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { unreadCountQueryOptions } from '../../api/notifications';
import { BellOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SpaceSelector } from '../../features/spaces/SpaceSelector';
import { BrandMark } from './Sidebar';
import { LanguageSwitch } from './LanguageSwitch';
import { OfflineTag } from './OfflineTag';
import { PendingChangesTag } from '../../offline/BackgroundSync';

interface TProps {
  isMobile: boolean;
  collapsed: boolean;
  onToggleSidebar: () => void;
  onOpenNotifications: () => void;
}

/** Top header: menu button (drawer on phones, collapse on desktop), space selector, offline mark, notifications, language. */
export function AppHeader({ isMobile, collapsed, onToggleSidebar, onOpenNotifications }: TProps) {
  const { t } = useTranslation();
  const toggleIcon = isMobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  // Unread notifications (a PDF made, a task changed): refreshed when a screen invalidates ['notifications'].
  const unread = useQuery(unreadCountQueryOptions()).data ?? 0;
  const bellLabel = unread ? `${t('notifications.title')} (${t('notifications.unreadCount', { count: unread })})` : t('notifications.title');
  return (
    <Layout.Header className="shell-header" style={{ padding: isMobile ? '0 8px' : '0 20px' }}>
      <Flex align="center" gap={isMobile ? 4 : 12} style={{ height: '100%' }}>
        <Button type="text" icon={toggleIcon} onClick={onToggleSidebar} aria-label={t('shell.toggleMenu')} data-testid="menu-toggle" />
        {isMobile && <BrandMark size={28} />}
        <div style={{ flex: 1, minWidth: 0 }}>
          <SpaceSelector compact={isMobile} />
        </div>
        <OfflineTag compact={isMobile} />
        <PendingChangesTag compact={isMobile} />
        <Tooltip title={t('notifications.title')}>
          <Button
            type="text"
            icon={
              <Badge count={unread} size="small" offset={[4, -2]} data-testid="notifications-unread">
                <BellOutlined />
              </Badge>
            }
            onClick={onOpenNotifications}
            aria-label={bellLabel}
            data-testid="notifications-button"
          />
        </Tooltip>
        <LanguageSwitch compact={isMobile} />
      </Flex>
    </Layout.Header>
  );
}
