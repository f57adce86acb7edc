import { useState } from 'react';
import { Dropdown } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { initialsOf, type TMe } from '../../session/me';
import { useLogout } from '../../features/auth/authApi';
import { useQueuedTotal } from '../../offline/queueState';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { usePaintedOnce } from '../../ui/usePaintedOnce';

/**
 * The user block: avatar with initials, full name and e-mail; its menu offers profile and logout.
 * With changes of this user still waiting on the device, logging out asks first: they are sent when
 * the same user signs in again, and discarded if another user replays the queue on this device.
 */
export function UserMenu({ me, collapsed, onNavigate }: { me: TMe; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const pending = useQueuedTotal();
  const [confirming, setConfirming] = useState(false);
  // The (closed) dialog mounts in the frame after the page's first (decision 0124); the menu opens it.
  const painted = usePaintedOnce();
  const items = [
    { key: 'profile', icon: <UserOutlined />, label: t('shell.profile') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
  ];
  const onClick = ({ key }: { key: string }) => {
    onNavigate?.();
    if (key === 'profile') navigate('/profile');
    if (key === 'logout') {
      if (pending > 0) setConfirming(true);
      else logout.mutate();
    }
  };
  return (
    <>
      {painted && (
        <ConfirmDialog
          open={confirming}
          title={t('shell.logoutPending.title', { count: pending })}
          content={t('shell.logoutPending.text')}
          confirmText={t('shell.logout')}
          loading={logout.isPending}
          onConfirm={() => logout.mutate()}
          onCancel={() => setConfirming(false)}
        />
      )}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="topLeft">
        <button type="button" className={`user-block${collapsed ? ' is-collapsed' : ''}`} aria-label={t('shell.userMenu')} data-testid="user-menu">
          {/* Plain elements, not antd's Avatar and ellipsis Typography: these measure their text when they
              mount (a layout of the whole page, about 0.1 s on a slow tablet, on every signed-in page's
              first render). CSS centres and truncates the same. */}
          <span className="user-block-row">
            <span className={`user-avatar${collapsed ? ' is-small' : ''}`} aria-hidden>
              {me.avatar ? <img src={me.avatar} alt="" /> : initialsOf(me.fullName)}
            </span>
            {!collapsed && (
              <span className="user-block-text">
                <strong className="user-block-name">{me.fullName}</strong>
                <span className="user-block-email">{me.email}</span>
              </span>
            )}
          </span>
        </button>
      </Dropdown>
    </>
  );
}
