import { Card, Empty, Flex, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMe, userCan } from '../../session/me';
import { InvitationsTab, RequestsTab } from './AccessTabs';
import { SpaceUsersTab } from './SpaceUsersTab';

const TABS = ['users', 'invitations', 'requests'] as const;
type TTab = (typeof TABS)[number];

/**
 * /users/users/list: a client's manager (USER:MANAGEMENT) looks after the people of their space:
 * the users (USER:READ), the invitations and the access requests (USER:INVITE). Each tab shows
 * when its call is allowed; the open tab is in the address (?tab=), so a link or a reload keeps it.
 */
export function UsersTabsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  if (me.isPending)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  const allowed: Record<TTab, boolean> = {
    users: userCan(me.data, 'USER:READ'),
    invitations: userCan(me.data, 'USER:INVITE'),
    requests: userCan(me.data, 'USER:INVITE'),
  };
  const tabs = TABS.filter((tab) => allowed[tab]);
  if (!tabs.length) return <Empty description={t('access.users.none')} style={{ padding: 48 }} />;
  const asked = params.get('tab') as TTab | null;
  const active = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const title = (tab: TTab) => t(`access.usersTabs.${tab}`);
  const content = (tab: TTab) =>
    tab === 'users' ? <SpaceUsersTab title={title(tab)} /> : tab === 'invitations' ? <InvitationsTab title={title(tab)} /> : <RequestsTab title={title(tab)} />;
  return (
    <Card styles={{ body: { padding: 0 } }} variant="borderless" style={{ background: 'transparent' }}>
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams({ tab }, { replace: true })}
        items={tabs.map((tab) => ({ key: tab, label: title(tab), children: content(tab) }))}
        destroyOnHidden
      />
    </Card>
  );
}
