import { useState, type ReactNode } from 'react';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInstantDay } from '@audit/domain/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/feedback';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { useViewport } from '../../ui/useViewport';
import { useTimeZone } from '../../session/timeZone';
import { useInvitationAction, useInvitations, useJoinRequests, useProcessRequest, type TInvitation, type TJoinRequest } from './accessApi';
import { InviteDialog } from '../../ui/access/InviteDialog';
import { useRoleText } from '../../ui/roles';

// The lists behind the access tabs (decision 0048): the administrators' /admin/access-requests and a
// client's manager's /users/users/list share them. On a phone each row is one card-like cell (name,
// e-mail, status, date and the actions, wrapping), so nothing scrolls sideways.

const PHONE_ROW_WIDTH = 'calc(100vw - 72px)';
/** A long message keeps its row one line high on a desktop (the whole text in a tooltip). */
const MESSAGE_WIDTH = 320;

const STATUS_COLORS: Record<string, string> = { PENDING: 'gold', ACCEPTED: 'green', REJECTED: 'red', CANCEL: 'default' };

export function AccessStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="access-status">
      {t(`access.status.${status}`)}
    </Tag>
  );
}

/**
 * One row on a phone: who, then the tags, then the actions, each line wrapping. The table sizes
 * itself to its content, so the cell is held to the screen's width (less the page's margins).
 */
export function PhoneRow({ title, lines, tags, actions }: { title: ReactNode; lines: ReactNode[]; tags: ReactNode; actions?: ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ width: PHONE_ROW_WIDTH, whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="phone-row">
      <Typography.Text strong>{title}</Typography.Text>
      {lines.filter(Boolean).map((line, i) => (
        <Typography.Text key={i} type="secondary" style={{ fontSize: 13 }}>
          {line}
        </Typography.Text>
      ))}
      <Flex gap={6} wrap align="center">
        {tags}
      </Flex>
      {actions}
    </Flex>
  );
}

const fullName = (r: { firstName: string; lastName: string | null }) => [r.firstName, r.lastName].filter(Boolean).join(' ');

export function RequestsTab({ title }: { title: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { isMobile } = useViewport();
  const state = useListState({ sort: '-createdAt' });
  const list = useJoinRequests({ page: state.query.page, size: state.query.size, search: state.query.search, sort: state.query.sort });
  const process = useProcessRequest();
  const [rejecting, setRejecting] = useState<TJoinRequest | null>(null);
  const act = (row: TJoinRequest, accept: boolean) =>
    process.mutate({ id: row._id, accept }, { onSuccess: () => (notifySuccess('updateSuccess'), setRejecting(null)) });
  const actions = (r: TJoinRequest) =>
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
    ) : null;
  const day = (r: { createdAt: string }) => formatInstantDay(r.createdAt, timeZone);
  const columns: TListColumn<TJoinRequest>[] = isMobile
    ? [
        {
          key: 'request',
          title: t('access.columns.request'),
          locked: true,
          render: (_v, r) => (
            <PhoneRow title={fullName(r)} lines={[r.email, r.message]} tags={[<AccessStatusTag key="s" status={r.status} />, day(r)]} actions={actions(r)} />
          ),
        },
      ]
    : [
        { key: 'name', title: t('access.columns.name'), locked: true, render: (_v, r) => fullName(r) },
        { key: 'email', title: t('access.columns.email'), dataIndex: 'email' },
        {
          key: 'message',
          title: t('access.columns.message'),
          render: (_v, r) =>
            r.message ? (
              <Typography.Text ellipsis={{ tooltip: r.message }} style={{ maxWidth: MESSAGE_WIDTH }}>
                {r.message}
              </Typography.Text>
            ) : null,
        },
        { key: 'createdAt', title: t('access.columns.date'), render: (_v, r) => day(r), sorter: true },
        { key: 'status', title: t('access.columns.status'), render: (_v, r) => <AccessStatusTag status={r.status} /> },
        { key: 'actions', title: t('access.columns.actions'), locked: true, fixed: 'right', render: (_v, r) => actions(r) },
      ];
  return (
    <>
      <ListPage<TJoinRequest>
        title={title}
        settingsKey="access-requests"
        columns={columns}
        rowKey={(r) => r._id}
        {...listQueryProps(list)}
        {...state.paging}
        emptyText={state.query.search ? t('list.empty') : t('access.requests.empty')}
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

export function InvitationsTab({ title }: { title: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { isMobile } = useViewport();
  const state = useListState({ sort: '-createdAt' });
  const list = useInvitations({ page: state.query.page, size: state.query.size, search: state.query.search, sort: state.query.sort });
  const action = useInvitationAction();
  const text = useRoleText();
  const roleName = (role: { name: string }) => text(role).name;
  /** The spaces the invitation is limited to, or that it opens the whole space (decision 0062). */
  const accessOf = (r: TInvitation) => (r.access.spaces.length ? r.access.spaces.map((s) => s.name).join(', ') : t('access.invitations.whole'));
  const [inviting, setInviting] = useState(false);
  const [cancelling, setCancelling] = useState<TInvitation | null>(null);
  const actions = (r: TInvitation) =>
    r.can.resend || r.can.cancel ? (
      <Flex gap={8} wrap>
        {r.can.resend && (
          <Button
            size="small"
            onClick={() => action.mutate({ id: r._id, action: 'resend' }, { onSuccess: () => notifySuccess('sendEmailSuccess') })}
            loading={action.isPending && action.variables?.id === r._id && action.variables.action === 'resend'}
          >
            {t('access.actions.resend')}
          </Button>
        )}
        {r.can.cancel && (
          <Button size="small" danger onClick={() => setCancelling(r)}>
            {t('access.actions.cancel')}
          </Button>
        )}
      </Flex>
    ) : null;
  const day = (r: { createdAt: string }) => formatInstantDay(r.createdAt, timeZone);
  const columns: TListColumn<TInvitation>[] = isMobile
    ? [
        {
          key: 'invitation',
          title: t('access.columns.invitation'),
          locked: true,
          render: (_v, r) => (
            <PhoneRow
              title={r.email}
              lines={[r.role && roleName(r.role), accessOf(r)]}
              tags={[<AccessStatusTag key="s" status={r.status} />, day(r)]}
              actions={actions(r)}
            />
          ),
        },
      ]
    : [
        { key: 'email', title: t('access.columns.email'), dataIndex: 'email', locked: true },
        { key: 'role', title: t('access.columns.role'), render: (_v, r) => (r.role ? roleName(r.role) : '—') },
        { key: 'access', title: t('access.columns.access'), render: (_v, r) => accessOf(r) },
        { key: 'createdAt', title: t('access.columns.date'), render: (_v, r) => day(r), sorter: true },
        { key: 'status', title: t('access.columns.status'), render: (_v, r) => <AccessStatusTag status={r.status} /> },
        { key: 'actions', title: t('access.columns.actions'), locked: true, fixed: 'right', render: (_v, r) => actions(r) },
      ];
  return (
    <>
      <ListPage<TInvitation>
        title={title}
        settingsKey="access-invitations"
        columns={columns}
        rowKey={(r) => r._id}
        {...listQueryProps(list)}
        {...state.paging}
        onAdd={() => setInviting(true)}
        addLabel={t('access.invite.title')}
        emptyText={state.query.search ? t('list.empty') : t('access.invitations.empty')}
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
