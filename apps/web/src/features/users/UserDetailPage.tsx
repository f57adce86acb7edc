import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { formatInstant } from '@audit/domain/dates';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { initialsOf } from '../../session/me';
import { DetailHeader } from '../../ui/DetailHeader';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useRemoveUser, useUser } from './usersApi';
import { RoleTags, UserStatusTag } from '../../ui/UserTags';
import { useTimeZone } from '../../session/timeZone';

/** /admin/users/:id/personal: the user's personal data, with edit and delete. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser(id);
  const remove = useRemoveUser();

  if (user.isPending) return <PageSkeleton rows={8} />;
  if (user.isError) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  const u = user.data;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;

  return (
    <Card>
      <DetailHeader
        mode="view"
        onBack={() => navigate('/admin/users')}
        avatar={
          <Avatar size={56} src={u.avatar || undefined} style={{ background: '#2a9d8f', flex: 'none', fontSize: 20 }}>
            {initialsOf(u.fullName)}
          </Avatar>
        }
        title={u.fullName}
        subtitle={
          <Flex gap={8} align="center" component="span">
            @{u.username} <UserStatusTag status={u.status} />
            {u.isAuditor && <Tag color="purple">{t('users.fields.isAuditor')}</Tag>}
          </Flex>
        }
        onEdit={u.can.update ? () => navigate(`/admin/users/${u._id}/edit`) : undefined}
        onDelete={() => remove.mutate(u._id, { onSuccess: () => navigate('/admin/users') })}
        deleteDisabled={!u.can.delete}
        deleting={remove.isPending}
        deleteQuestion={t('users.removeQuestion', { name: u.fullName })}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('users.personalData')}
      </Typography.Title>
      <Descriptions
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        size="middle"
        items={[
          { key: 'firstName', label: t('users.fields.firstName'), children: u.firstName },
          { key: 'lastName', label: t('users.fields.lastName'), children: u.lastName ?? dash },
          { key: 'username', label: t('users.fields.username'), children: u.username },
          { key: 'email', label: t('users.fields.email'), children: u.email },
          { key: 'phone', label: t('users.fields.phone'), children: u.phone ?? dash },
          { key: 'status', label: t('users.fields.status'), children: <UserStatusTag status={u.status} /> },
          { key: 'verified', label: t('users.fields.verified'), children: u.verified ? t('common.yes') : t('common.no') },
          { key: 'isAuditor', label: t('users.fields.isAuditor'), children: u.isAuditor ? t('common.yes') : t('common.no') },
          { key: 'language', label: t('users.fields.language'), children: t(`language.${u.language}`, { defaultValue: u.language }) },
          { key: 'createdAt', label: t('users.fields.createdAt'), children: formatInstant(u.createdAt, timeZone) },
          { key: 'roles', label: t('users.fields.roles'), span: 'filled', children: <RoleTags roles={u.roles} /> },
        ]}
      />
    </Card>
  );
}
