import { Avatar, Card, Flex, Typography } from 'antd';
import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { initialsOf } from '../../session/me';
import type { TUser } from './usersApi';
import { UserRowActions, type TUserActionHandlers } from './UserRowActions';
import { RoleTags, UserStatusTag } from '../../ui/UserTags';

/** A user in the directory view. */
export function UserCard({ user, handlers }: { user: TUser; handlers: TUserActionHandlers }) {
  return (
    <Card size="small" className="user-card" hoverable>
      <Flex gap={12} align="flex-start">
        <Avatar size={48} src={user.avatar || undefined} style={{ background: '#2a9d8f', flex: 'none' }}>
          {initialsOf(user.fullName)}
        </Avatar>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" align="center" gap={4}>
            <Link to={`/admin/users/${user._id}/personal`} style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis>
                {user.fullName}
              </Typography.Text>
            </Link>
            <UserRowActions user={user} handlers={handlers} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            @{user.username}
          </Typography.Text>
          <Typography.Text ellipsis style={{ display: 'block', marginTop: 6, fontSize: 13 }}>
            <MailOutlined /> {user.email}
          </Typography.Text>
          {user.phone && (
            <Typography.Text style={{ display: 'block', fontSize: 13 }}>
              <PhoneOutlined /> {user.phone}
            </Typography.Text>
          )}
          <Flex gap={4} wrap style={{ marginTop: 8 }}>
            <UserStatusTag status={user.status} />
            <RoleTags roles={user.roles ?? []} limit={3} />
          </Flex>
        </div>
      </Flex>
    </Card>
  );
}
