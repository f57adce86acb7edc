import { useState } from 'react';
import { Avatar, Button, Flex, Form, Select, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, PoweroffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SPACE_TYPES } from '@audit/domain/constants';
import { formatInstantDay } from '@audit/domain/dates';
import { useTimeZone } from '../../session/timeZone';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { useViewport } from '../../ui/useViewport';
import { useSpaces, useUpdateSpace, type TSpaceListItem } from './adminApi';
import { SpaceDialog } from './SpaceDialog';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

function SpaceName({ space }: { space: TSpaceListItem }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      <Avatar shape="square" src={space.logo ?? undefined} style={{ background: '#0b6e5f', flex: 'none' }}>
        {initials(space.name)}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {space.name} {space.current && <Tag color="blue">{t('admin.spaces.current')}</Tag>}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {space.identifier}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** /admin/spaces: the current space and the spaces below it; create, edit, (de)activate (decision 0047). */
export function SpacesPage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { isMobile } = useViewport();
  const state = useListState<{ type?: string }>({ sort: 'name' });
  const list = useSpaces({
    page: state.query.page,
    size: state.query.size,
    search: state.query.search || undefined,
    sort: state.query.sort,
    filters: state.filters.type ? [{ field: 'typeStructure', operator: 'eq', value: state.filters.type }] : [],
  });
  const update = useUpdateSpace();
  const [editing, setEditing] = useState<TSpaceListItem | null>(null);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<TSpaceListItem | null>(null);
  const typeText = (s: TSpaceListItem) => t(`spaces.type.${s.typeStructure}`, { defaultValue: s.typeStructure });
  const statusTag = (s: TSpaceListItem) => (
    <Tag color={s.active ? 'green' : 'default'} data-testid="space-status">
      {s.active ? t('admin.spaces.active') : t('admin.spaces.inactive')}
    </Tag>
  );
  const flagTags = (s: TSpaceListItem) => (
    <>
      {s.ownerSpace && <Tag color="gold">{t('admin.spaces.ownerSpace')}</Tag>}
      {s.adminSpace && <Tag color="purple">{t('admin.spaces.adminSpace')}</Tag>}
    </>
  );
  const actions = (s: TSpaceListItem) => (
    <Flex gap={6} wrap>
      {s.can.update && (
        <Tooltip title={t('common.edit')}>
          <Button size="small" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${s.name}`} onClick={() => setEditing(s)} />
        </Tooltip>
      )}
      {s.can.changeStatus && (
        <Button size="small" icon={<PoweroffOutlined />} danger={s.active} onClick={() => setToggling(s)} data-testid="space-toggle">
          {s.active ? t('admin.spaces.deactivate') : t('admin.spaces.activate')}
        </Button>
      )}
    </Flex>
  );
  const columns: TListColumn<TSpaceListItem>[] = isMobile
    ? [
        {
          key: 'card',
          title: t('admin.spaces.title'),
          locked: true,
          render: (_v, s) => (
            <Flex vertical gap={8} style={{ minWidth: 0 }} data-testid="space-card">
              <SpaceName space={s} />
              <Flex gap={6} wrap align="center">
                <Tag>{typeText(s)}</Tag>
                {statusTag(s)}
                {flagTags(s)}
                {s.parentName && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('admin.spaces.under', { name: s.parentName })}
                  </Typography.Text>
                )}
              </Flex>
              {actions(s)}
            </Flex>
          ),
        },
      ]
    : [
        { key: 'name', title: t('admin.spaces.name'), locked: true, sorter: true, render: (_v, s) => <SpaceName space={s} /> },
        { key: 'typeStructure', title: t('admin.spaces.type'), sorter: true, render: (_v, s) => typeText(s) },
        { key: 'parent', title: t('admin.spaces.parent'), render: (_v, s) => s.parentName ?? '—' },
        {
          key: 'modules',
          title: t('admin.spaces.modules'),
          render: (_v, s) => (
            <Flex gap={4} wrap>
              {s.modules.map((m) => (
                <Tag key={m}>{t(`admin.modules.${m}`, { defaultValue: m })}</Tag>
              ))}
            </Flex>
          ),
        },
        {
          key: 'active',
          title: t('admin.spaces.status'),
          render: (_v, s) => (
            <Flex gap={4} wrap>
              {statusTag(s)}
              {flagTags(s)}
            </Flex>
          ),
        },
        { key: 'createdAt', title: t('admin.spaces.createdAt'), sorter: true, render: (_v, s) => formatInstantDay(s.createdAt, timeZone) },
        { key: 'actions', title: t('admin.spaces.actions'), locked: true, fixed: 'right', render: (_v, s) => actions(s) },
      ];
  const confirmToggle = () => toggling && update.mutate({ id: toggling._id, body: { active: !toggling.active } }, { onSettled: () => setToggling(null) });
  return (
    <>
      <ListPage<TSpaceListItem>
        title={t('admin.spaces.title')}
        settingsKey="admin-spaces"
        defaultHidden={['createdAt']}
        columns={columns}
        rowKey={(s) => s._id}
        {...listQueryProps(list)}
        {...state.paging}
        onAdd={() => setCreating(true)}
        addLabel={t('admin.spaces.create')}
        renderFilters={(close) => (
          <Form layout="vertical">
            <Form.Item label={t('admin.spaces.type')}>
              <Select
                allowClear
                value={state.filters.type}
                onChange={(type) => (state.applyFilters({ type }), close())}
                options={SPACE_TYPES.map((type) => ({ value: type, label: t(`spaces.type.${type}`, { defaultValue: type }) }))}
                data-testid="space-type-filter"
              />
            </Form.Item>
          </Form>
        )}
        activeFilters={state.filters.type ? 1 : 0}
        emptyText={state.query.search || state.filters.type ? t('admin.spaces.noMatch') : t('admin.spaces.empty')}
      />
      <SpaceDialog space={editing} open={creating || Boolean(editing)} onClose={() => (setCreating(false), setEditing(null))} />
      <ConfirmDialog
        open={Boolean(toggling)}
        title={
          toggling?.active
            ? t('admin.spaces.deactivateQuestion', { name: toggling?.name ?? '' })
            : t('admin.spaces.activateQuestion', { name: toggling?.name ?? '' })
        }
        confirmText={toggling?.active ? t('admin.spaces.deactivate') : t('admin.spaces.activate')}
        danger={Boolean(toggling?.active)}
        loading={update.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
    </>
  );
}
