import { Flex, Popover, Tag } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TRoleRef } from '../session/me';
import { useRoleText } from './roles';

/** Tag colours of the user statuses (product document, section 4). */
export const STATUS_COLORS: Record<string, string> = { ACTIVE: 'green', LOCK: 'red', UNVERIFIED: 'gold', DELETED: 'default' };

/** A user's status as a coloured tag (shared by the administrators' list and the client's users tab). */
export function UserStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="user-status">
      {t(`users.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

const ROLE_LIMIT = 5;

/** A role by its name as people read it, what it may do in the tooltip (decision 0062). */
function RoleTag({ role }: { role: TRoleRef }) {
  const text = useRoleText()(role);
  return role.superAdmin ? (
    <Tag color="gold" icon={<CrownOutlined />} title={text.description}>
      {text.name}
    </Tag>
  ) : (
    <Tag color="blue" title={text.description}>
      {text.name}
    </Tag>
  );
}

/** At most 5 role tags, then "+N" with the rest in a popover (320 wide, 320 high). */
export function RoleTags({ roles, limit = ROLE_LIMIT }: { roles: TRoleRef[]; limit?: number }) {
  const shown = roles.slice(0, limit);
  const rest = roles.slice(limit);
  return (
    <Flex wrap gap={4}>
      {shown.map((role) => (
        <RoleTag key={role._id} role={role} />
      ))}
      {rest.length > 0 && (
        <Popover
          styles={{ container: { width: 320, maxHeight: 320, overflow: 'auto' } }}
          content={
            <Flex wrap gap={4}>
              {rest.map((role) => (
                <RoleTag key={role._id} role={role} />
              ))}
            </Flex>
          }
        >
          <Tag style={{ cursor: 'pointer' }}>+{rest.length}</Tag>
        </Popover>
      )}
    </Flex>
  );
}
