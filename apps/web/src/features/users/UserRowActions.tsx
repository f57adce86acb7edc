import { Button, Dropdown, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, KeyOutlined, MailOutlined, MoreOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TUser } from './usersApi';
import { statusChoices, type TSettableStatus } from './userStatus';

export interface TUserActionHandlers {
  onEmail: (user: TUser) => void;
  onResetPassword: (user: TUser) => void;
  onStatus: (user: TUser, status: TSettableStatus) => void;
  onRemove: (user: TUser) => void;
}

/** Row actions: details, edit, send e-mail, reset password, change status, remove; each as the user's `can` allows (never e-mail, status or remove on yourself). */
export function UserRowActions({ user, handlers }: { user: TUser; handlers: TUserActionHandlers }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    { key: 'details', icon: <EyeOutlined />, label: t('users.actions.details') },
    { key: 'edit', icon: <EditOutlined />, label: t('users.actions.edit'), disabled: !user.can.update },
    { key: 'email', icon: <MailOutlined />, label: t('users.actions.email'), disabled: !user.can.email },
    { key: 'password', icon: <KeyOutlined />, label: t('users.actions.resetPassword'), disabled: !user.can.resetPassword },
    { type: 'divider' },
    {
      key: 'status',
      type: 'group',
      label: t('users.actions.changeStatus'),
      // A group, not a hover submenu: it works the same with touch, mouse and keyboard.
      children: statusChoices(user.status).map((status) => ({
        key: `status:${status}`,
        icon: <SwapOutlined />,
        label: t(`users.setStatus.${status}`),
        disabled: !user.can.changeStatus,
      })),
    },
    { type: 'divider' },
    { key: 'remove', icon: <DeleteOutlined />, label: t('users.actions.remove'), danger: true, disabled: !user.can.delete },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'details') navigate(`/admin/users/${user._id}/personal`);
    else if (key === 'edit') navigate(`/admin/users/${user._id}/edit`);
    else if (key === 'email') handlers.onEmail(user);
    else if (key === 'password') handlers.onResetPassword(user);
    else if (key === 'remove') handlers.onRemove(user);
    else if (key.startsWith('status:')) handlers.onStatus(user, key.slice(7) as TSettableStatus);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<MoreOutlined />} aria-label={t('users.actions.label', { name: user.fullName })} data-testid="row-actions" />
    </Dropdown>
  );
}
