import { Avatar, Flex, Typography } from 'antd';
import { formatInstantDay } from '@audit/domain/dates';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { initialsOf } from '../../session/me';
import type { TListColumn } from '../../ui/ListPage';
import type { TUser } from './usersApi';
import { UserRowActions, type TUserActionHandlers } from './UserRowActions';
import { RoleTags, UserStatusTag } from '../../ui/UserTags';

export function UserName({ user }: { user: TUser }) {
  return (
    <Flex align="center" gap={10}>
      <Avatar size={32} src={user.avatar || undefined} style={{ background: '#2a9d8f', flex: 'none' }}>
        {initialsOf(user.fullName)}
      </Avatar>
      <Link to={`/admin/users/${user._id}/personal`}>
        <Typography.Text strong style={{ color: 'inherit' }}>
          {user.fullName}
        </Typography.Text>
      </Link>
    </Flex>
  );
}

/** Columns of /admin/users: name, username, email, phone, status, registration date (its day in the space's zone), roles, actions. */
export function userColumns(t: TFunction, handlers: TUserActionHandlers, timeZone: string): TListColumn<TUser>[] {
  return [
    { key: 'name', title: t('users.fields.name'), locked: true, sorter: true, minWidth: 200, render: (_, user) => <UserName user={user} /> },
    { key: 'username', title: t('users.fields.username'), dataIndex: 'username', sorter: true },
    { key: 'email', title: t('users.fields.email'), dataIndex: 'email', sorter: true },
    {
      key: 'phone',
      title: t('users.fields.phone'),
      dataIndex: 'phone',
      render: (phone: string | null) => phone ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'status', title: t('users.fields.status'), dataIndex: 'status', render: (status: string) => <UserStatusTag status={status} /> },
    {
      key: 'createdAt',
      title: t('users.fields.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      defaultSortOrder: 'descend',
      render: (value: string) => formatInstantDay(value, timeZone),
    },
    { key: 'roles', title: t('users.fields.roles'), dataIndex: 'roles', minWidth: 150, render: (_, user) => <RoleTags roles={user.roles ?? []} /> },
    {
      key: 'actions',
      title: t('users.fields.actions'),
      locked: true,
      align: 'right',
      fixed: 'right',
      width: 72,
      render: (_, user) => <UserRowActions user={user} handlers={handlers} />,
    },
  ];
}
