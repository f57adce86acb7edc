import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { homePathFor, type TMe } from '../../session/me';
import { useCurrentSpace } from '../../session/space';
import { getStoredSpace } from '../../session/storage';
import { SidebarMenu } from './SidebarMenu';
import { UserMenu } from './UserMenu';

export function BrandMark({ size = 36 }: { size?: number }) {
  return <img src="/favicon.svg" width={size} height={size} alt="" style={{ flex: 'none', borderRadius: 10 }} />;
}

/** Brand and tenant on top, the menu, and the user block at the bottom. */
export function Sidebar({ me, collapsed, onNavigate }: { me: TMe; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const space = useCurrentSpace();
  const spaceName = space.data?.name ?? getStoredSpace()?.name ?? '';
  return (
    <Flex vertical style={{ height: '100%' }}>
      <Link to={homePathFor(me)} onClick={onNavigate} className="sidebar-brand" aria-label={t('app.name')}>
        <Flex align="center" gap={12} justify={collapsed ? 'center' : 'flex-start'}>
          {/* The space's own logo when it has one (set in /admin/settings), else the product's mark. */}
          {space.data?.logo ? (
            <img src={space.data.logo} width={36} height={36} alt="" style={{ flex: 'none', borderRadius: 10, objectFit: 'contain', background: '#fff' }} />
          ) : (
            <BrandMark />
          )}
          {!collapsed && (
            <div style={{ minWidth: 0 }}>
              <div className="sidebar-brand-name">{t('app.name')}</div>
              {/* Plain, not antd's ellipsis Typography, which measures its text when it mounts (decision 0124). */}
              <span className="sidebar-brand-space" title={spaceName}>
                {spaceName}
              </span>
            </div>
          )}
        </Flex>
      </Link>
      <div className="sidebar-menu">
        <SidebarMenu me={me} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
      <div className="sidebar-footer">
        <UserMenu me={me} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
    </Flex>
  );
}
