import { useState } from 'react';
import { Button, Card, Flex, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/feedback';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { formatInstantDay } from '@audit/domain/dates';
import { useTimeZone } from '../../session/timeZone';
import { useInvitationAction, useInvitations, useJoinRequests, useProcessRequest, type TInvitation, type TJoinRequest } from './accessApi';
import { InviteDialog } from './InviteDialog';

const STATUS_COLORS: Record<string, string> = { PENDING: 'gold', ACCEPTED: 'green', REJECTED: 'red', CANCEL: 'default' };

function RequestsTab() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const state = useListState({ sort: '-createdAt' });
  const list = useJoinRequests({ page: state.query.page, size: state.query.size, search: state.query.search, sort: state.query.sort });
  const process = useProcessRequest();
  const [rejecting, setRejecting] = useState<TJoinRequest | null>(null);
  const act = (row: TJoinRequest, accept: boolean) =>
    process.mutate({ id: row._id, accept }, { onSuccess: () => (notifySuccess('updateSuccess'), setRejecting(null)) });
  const columns: TListColumn<TJoinRequest>[] = [
    { key: 'name', title: t('access.columns.name'), locked: true, render: (_v, r) => [r.firstName, r.lastName].filter(Boolean).join(' ') },
    { key: 'email', title: t('access.columns.email'), dataIndex: 'email' },
    { key: 'message', title: t('access.columns.message'), dataIndex: 'message', ellipsis: true },
    { key: 'createdAt', title: t('access.columns.date'), render: (_v, r) => formatInstantDay(r.createdAt, timeZone), sorter: true },
    { key: 'status', title: t('access.columns.status'), render: (_v, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`access.status.${r.status}`)}</Tag> },
    {
      key: 'actions',
      title: t('access.columns.actions'),
      locked: true,
      render: (_v, r) =>
        r.can.process ? (
          <Flex gap={8} wrap>
            <Button
              size="small"
              type="primary"
              onClick={() => act(r, true)}
              loading={process.isPending && process.variables?.id === r._id && process.variables.accept}
            >
              {t('access.actions.accept')}
            </Button>
            <Button size="small" danger onClick={() => setRejecting(r)}>
              {t('access.actions.reject')}
            </Button>
          </Flex>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<TJoinRequest>
        title={t('access.requests.title')}
        settingsKey="access-requests"
        columns={columns}
        rowKey={(r) => r._id}
        {...listQueryProps<TJoinRequest>(list)}
        {...state.paging}
        emptyText={t('access.requests.empty')}
      />
      <ConfirmDialog
        open={Boolean(rejecting)}
        title={t('access.actions.rejectQuestion', { email: rejecting?.email ?? '' })}
        confirmText={t('access.actions.reject')}
        loading={process.isPending}
        onConfirm={() => rejecting && act(rejecting, false)}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}

function InvitationsTab() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const state = useListState({ sort: '-createdAt' });
  const list = useInvitations({ page: state.query.page, size: state.query.size, search: state.query.search, sort: state.query.sort });
  const action = useInvitationAction();
  const [inviting, setInviting] = useState(false);
  const [cancelling, setCancelling] = useState<TInvitation | null>(null);
  const columns: TListColumn<TInvitation>[] = [
    { key: 'email', title: t('access.columns.email'), dataIndex: 'email', locked: true },
    { key: 'role', title: t('access.columns.role'), render: (_v, r) => r.role?.name ?? '—' },
    { key: 'createdAt', title: t('access.columns.date'), render: (_v, r) => formatInstantDay(r.createdAt, timeZone), sorter: true },
    { key: 'status', title: t('access.columns.status'), render: (_v, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`access.status.${r.status}`)}</Tag> },
    {
      key: 'actions',
      title: t('access.columns.actions'),
      locked: true,
      render: (_v, r) => (
        <Flex gap={8} wrap>
          {r.can.resend && (
            <Button size="small" onClick={() => action.mutate({ id: r._id, action: 'resend' }, { onSuccess: () => notifySuccess('sendEmailSuccess') })}>
              {t('access.actions.resend')}
            </Button>
          )}
          {r.can.cancel && (
            <Button size="small" danger onClick={() => setCancelling(r)}>
              {t('access.actions.cancel')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <ListPage<TInvitation>
        title={t('access.invitations.title')}
        settingsKey="access-invitations"
        columns={columns}
        rowKey={(r) => r._id}
        {...listQueryProps<TInvitation>(list)}
        {...state.paging}
        onAdd={() => setInviting(true)}
        addLabel={t('access.invite.title')}
        emptyText={t('access.invitations.empty')}
      />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={Boolean(cancelling)}
        title={t('access.actions.cancelQuestion', { email: cancelling?.email ?? '' })}
        confirmText={t('access.actions.cancel')}
        loading={action.isPending}
        onConfirm={() =>
          cancelling && action.mutate({ id: cancelling._id, action: 'cancel' }, { onSuccess: () => (notifySuccess('updateSuccess'), setCancelling(null)) })
        }
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}

/** /admin/access-requests: strangers asking to join, and the invitations sent (decision 0040). */
export function AccessPage() {
  const { t } = useTranslation();
  return (
    <Card styles={{ body: { padding: 0 } }} variant="borderless" style={{ background: 'transparent' }}>
      <Tabs
        defaultActiveKey="requests"
        items={[
          { key: 'requests', label: t('access.tabs.requests'), children: <RequestsTab /> },
          { key: 'invitations', label: t('access.tabs.invitations'), children: <InvitationsTab /> },
        ]}
      />
    </Card>
  );
}
