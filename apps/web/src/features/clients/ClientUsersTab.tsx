import { useState } from 'react';
import { Avatar, Button, Empty, Flex, List, Tag, Typography } from 'antd';
import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { initialsOf, useMe, userCan } from '../../session/me';
import { InviteDialog } from '../../ui/access/InviteDialog';
import { ErrorState } from '../../ui/PageStates';
import { useClientUsers } from './clientUsersApi';
import type { TStructure } from './clientsApi';

const ORIGIN_PARAM = { STRUCTURE: 'client', ESTABLISHMENT: 'establishment', AREA: 'area' } as const;

/** A client's Users tab: who sees it (its own users and its establishments' and areas'), and a new user for it. */
export function ClientUsersTab({ s }: { s: TStructure }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe().data;
  const [page, setPage] = useState(0);
  const users = useClientUsers(s._id, page);
  const canCreate = userCan(me, 'USER:CREATE');
  // An invitation from here is fixed to this client, establishment or area (decision 0062).
  const canInvite = userCan(me, 'USER:INVITE');
  const [inviting, setInviting] = useState(false);
  const create = () => navigate(`/admin/users/create?${new URLSearchParams({ [ORIGIN_PARAM[s.type]]: s._id, back: `/clients/${s._id}/users` }).toString()}`);
  if (users.isError) return <ErrorState error={users.error} onRetry={() => void users.refetch()} />;
  const items = users.data?.items ?? [];
  return (
    <div data-testid="client-users">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('clientUsers.intro', { name: s.name })}</Typography.Text>
        <Flex gap={8} wrap>
          {canInvite && (
            <Button icon={<MailOutlined />} onClick={() => setInviting(true)} data-testid="client-users-invite">
              {t('clientUsers.invite')}
            </Button>
          )}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="client-users-add">
              {t('clientUsers.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      {canInvite && <InviteDialog open={inviting} onClose={() => setInviting(false)} target={{ _id: s._id, name: s.name, type: s.type }} />}
      <List
        loading={users.isPending}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('clientUsers.empty')} /> }}
        pagination={
          (users.data?.total ?? 0) > 20 ? { current: page + 1, pageSize: 20, total: users.data?.total, onChange: (p) => setPage(p - 1), size: 'small' } : false
        }
        renderItem={(u) => (
          <List.Item
            key={u._id}
            actions={[
              <Button key="open" type="link" onClick={() => navigate(`/admin/users/${u._id}/personal`)}>
                {t('clientUsers.open')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar style={{ background: '#2a9d8f' }}>{initialsOf(u.fullName)}</Avatar>}
              title={u.fullName}
              description={
                <Flex wrap gap={4} align="center">
                  <Typography.Text type="secondary" style={{ marginRight: 8 }}>
                    {u.email}
                  </Typography.Text>
                  {[...u.clients, ...u.establishments, ...u.areas].map((m) => (
                    <Tag key={m._id}>{m.name}</Tag>
                  ))}
                  {u.status !== 'ACTIVE' && <Tag color="orange">{t(`users.status.${u.status}`, { defaultValue: u.status })}</Tag>}
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
