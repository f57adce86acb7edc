import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvitationsTab, RequestsTab } from './AccessTabs';

/** /admin/access-requests: strangers asking to join, and the invitations sent (decision 0040). */
export function AccessPage() {
  const { t } = useTranslation();
  return (
    <Card styles={{ body: { padding: 0 } }} variant="borderless" style={{ background: 'transparent' }}>
      <Tabs
        defaultActiveKey="requests"
        items={[
          { key: 'requests', label: t('access.tabs.requests'), children: <RequestsTab title={t('access.requests.title')} /> },
          { key: 'invitations', label: t('access.tabs.invitations'), children: <InvitationsTab title={t('access.invitations.title')} /> },
        ]}
      />
    </Card>
  );
}
