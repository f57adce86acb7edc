import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { formatInstantDay } from '@audit/domain/dates';
import { useTranslation } from 'react-i18next';
import { initialsOf, useMe } from '../../session/me';
import { useCurrentSpace } from '../../session/space';
import { PageSkeleton } from '../../ui/PageStates';
import { useTimeZone } from '../../session/timeZone';

/** /profile: the signed-in user's data, read only for now (editing arrives with account flows). */
export function ProfilePage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const me = useMe().data;
  const space = useCurrentSpace();
  if (!me) return <PageSkeleton />;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Card>
      <Flex gap={20} align="center" wrap style={{ marginBottom: 24 }}>
        <Avatar size={72} src={me.avatar || undefined} style={{ background: '#2a9d8f', fontSize: 26 }}>
          {initialsOf(me.fullName)}
        </Avatar>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {me.fullName}
          </Typography.Title>
          <Typography.Text type="secondary">{me.email}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            {me.isAdmin && <Tag color="gold">{t('profile.admin')}</Tag>}
            <Tag color={me.isAuditor ? 'purple' : 'cyan'}>{me.isAuditor ? t('profile.auditor') : t('profile.client')}</Tag>
          </div>
        </div>
      </Flex>
      <Descriptions
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        title={t('profile.title')}
        items={[
          { key: 'firstName', label: t('users.fields.firstName'), children: me.firstName },
          { key: 'lastName', label: t('users.fields.lastName'), children: me.lastName ?? dash },
          { key: 'username', label: t('users.fields.username'), children: me.username },
          { key: 'email', label: t('users.fields.email'), children: me.email },
          { key: 'phone', label: t('users.fields.phone'), children: me.phone ?? dash },
          { key: 'language', label: t('users.fields.language'), children: t(`language.${me.language}`, { defaultValue: me.language }) },
          { key: 'space', label: t('profile.space'), children: space.data?.name ?? dash },
          { key: 'createdAt', label: t('users.fields.createdAt'), children: formatInstantDay(me.createdAt, timeZone) },
          {
            key: 'roles',
            label: t('users.fields.roles'),
            span: 'filled',
            children: (
              <Flex wrap gap={4}>
                {me.roles.map((r) => (
                  <Tag key={r._id} color={r.superAdmin ? 'gold' : 'blue'}>
                    {r.name}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('profile.readOnly')}
      </Typography.Paragraph>
    </Card>
  );
}
