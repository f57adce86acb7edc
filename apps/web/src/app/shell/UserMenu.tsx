import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { initialsOf, type TMe } from '../../session/me';
import { useLogout } from '../../features/auth/authApi';

/** The user block: avatar with initials, full name and e-mail; its menu offers profile and logout. */
export function UserMenu({ me, collapsed, onNavigate }: { me: TMe; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const items = [
    { key: 'profile', icon: <UserOutlined />, label: t('shell.profile') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
  ];
  const onClick = ({ key }: { key: string }) => {
    onNavigate?.();
    if (key === 'profile') navigate('/profile');
    if (key === 'logout') logout.mutate();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="topLeft">
      <button type="button" className={`user-block${collapsed ? ' is-collapsed' : ''}`} aria-label={t('shell.userMenu')} data-testid="user-menu">
        <Flex align="center" gap={12} style={{ minWidth: 0 }}>
          <Avatar src={me.avatar || undefined} style={{ background: '#2a9d8f', flex: 'none' }} size={collapsed ? 36 : 40}>
            {initialsOf(me.fullName)}
          </Avatar>
          {!collapsed && (
            <div style={{ minWidth: 0, textAlign: 'left' }}>
              <Typography.Text strong ellipsis style={{ color: '#fff', display: 'block' }}>
                {me.fullName}
              </Typography.Text>
              <Typography.Text ellipsis style={{ color: 'rgba(255,255,255,0.6)', fontSize: 12, display: 'block' }}>
                {me.email}
              </Typography.Text>
            </div>
          )}
        </Flex>
      </button>
    </Dropdown>
  );
}
