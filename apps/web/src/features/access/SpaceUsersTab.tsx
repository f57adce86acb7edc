import { Avatar, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInstantDay } from '@audit/domain/dates';
import { initialsOf, type TUser } from '../../session/me';
import { useTimeZone } from '../../session/timeZone';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { RoleTags, UserStatusTag } from '../../ui/UserTags';
import { useViewport } from '../../ui/useViewport';
import { PhoneRow } from './AccessTabs';
import { useSpaceUsers } from './accessApi';

function Name({ user }: { user: TUser }) {
  return (
    <Flex align="center" gap={10}>
      <Avatar size={32} src={user.avatar || undefined} style={{ background: '#2a9d8f', flex: 'none' }}>
        {initialsOf(user.fullName)}
      </Avatar>
      <Typography.Text strong>{user.fullName}</Typography.Text>
    </Flex>
  );
}

/** The users tab of /users/users/list: the people of the manager's space, paged on the server (read only). */
export function SpaceUsersTab({ title }: { title: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { isMobile } = useViewport();
  const state = useListState({ sort: '-createdAt' });
  const list = useSpaceUsers({ page: state.query.page, size: state.query.size, search: state.query.search, sort: state.query.sort });
  const day = (u: TUser) => formatInstantDay(u.createdAt, timeZone);
  const columns: TListColumn<TUser>[] = isMobile
    ? [
        {
          key: 'user',
          title: t('users.fields.name'),
          locked: true,
          render: (_v, u) => (
            <PhoneRow
              title={<Name user={u} />}
              lines={[u.email, u.phone]}
              tags={[<UserStatusTag key="s" status={u.status} />, <RoleTags key="r" roles={u.roles ?? []} limit={3} />]}
            />
          ),
        },
      ]
    : [
        { key: 'name', title: t('users.fields.name'), locked: true, sorter: true, render: (_v, u) => <Name user={u} /> },
        { key: 'email', title: t('users.fields.email'), dataIndex: 'email', sorter: true },
        { key: 'phone', title: t('users.fields.phone'), render: (_v, u) => u.phone ?? '—' },
        { key: 'status', title: t('users.fields.status'), render: (_v, u) => <UserStatusTag status={u.status} /> },
        { key: 'createdAt', title: t('users.fields.createdAt'), sorter: true, render: (_v, u) => day(u) },
        { key: 'roles', title: t('users.fields.roles'), render: (_v, u) => <RoleTags roles={u.roles ?? []} /> },
      ];
  return (
    <ListPage<TUser>
      title={title}
      settingsKey="space-users"
      columns={columns}
      rowKey={(u) => u._id}
      {...listQueryProps(list)}
      {...state.paging}
      emptyText={state.query.search ? t('list.empty') : t('access.users.empty')}
    />
  );
}
