import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Form, Input, List, Modal, Tag, Transfer, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { applyFieldErrors } from '../../ui/formErrors';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { isDefaultRoleName, roleAudience } from '@audit/domain/roles';
import { useRoleText } from '../../ui/roles';
import { useCreateRole, useDeleteRole, usePermissionNames, useRenameRole, useRoles, useSetRolePermissions, type TRole } from './adminApi';

/** A role's name, with the SUPER_ADMIN tag highlighted and the system roles marked. */
function RoleTags({ role }: { role: TRole }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap>
      <Tag color={roleAudience(role) === 'client' ? 'cyan' : 'geekblue'} data-testid="role-audience">
        {t(`roleLabels.audience.${roleAudience(role)}`)}
      </Tag>
      {role.superAdmin && <Tag color="gold">{t('roleLabels.SUPER_ADMIN.name')}</Tag>}
      {role.system && (
        <Tag icon={<LockOutlined />} color="default">
          {t('admin.roles.system')}
        </Tag>
      )}
    </Flex>
  );
}

/** Create or rename a role: a name, unique in the space (420 shown on the field). */
function RoleNameDialog({ role, open, onClose, onCreated }: { role: TRole | null; open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateRole();
  const rename = useRenameRole();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: role?.name ?? '' });
  }, [open, role, form]);
  const submit = ({ name }: { name: string }) => {
    const done = { onError: (e: unknown) => applyFieldErrors(form, e, ['name']) };
    if (role) rename.mutate({ id: role._id, name }, { ...done, onSuccess: onClose });
    else create.mutate({ name, permissions: [] }, { ...done, onSuccess: (created) => (onCreated(created._id), onClose()) });
  };
  return (
    <Modal
      open={open}
      title={role ? t('admin.roles.rename') : t('admin.roles.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || rename.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label={t('admin.roles.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}>
          <Input autoFocus maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The selected role: its permissions as a transfer list (available / assigned), rename and delete. */
function RoleEditor({ role, onDeleted }: { role: TRole; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const names = usePermissionNames();
  const save = useSetRolePermissions();
  const text = useRoleText();
  const remove = useDeleteRole();
  const [assigned, setAssigned] = useState<string[]>(role.permissions);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => setAssigned(role.permissions), [role]);
  const dataSource = useMemo(() => (names.data?.items ?? []).map((p) => ({ key: p.name, title: p.name, module: p.module })), [names.data]);
  const changed = assigned.length !== role.permissions.length || assigned.some((p) => !role.permissions.includes(p));
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ maxWidth: '100%' }} data-testid="role-title">
            {text(role).name}
          </Typography.Text>
          <RoleTags role={role} />
        </Flex>
      }
      extra={
        <Flex gap={8} wrap justify="flex-end">
          {role.can.update && (
            <Button icon={<EditOutlined />} onClick={() => setRenaming(true)} aria-label={t('admin.roles.rename')}>
              {!isMobile && t('admin.roles.rename')}
            </Button>
          )}
          {role.can.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)} aria-label={t('admin.roles.delete')}>
              {!isMobile && t('admin.roles.delete')}
            </Button>
          )}
        </Flex>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      {isDefaultRoleName(role.name) && <Typography.Paragraph style={{ marginTop: 0 }}>{text(role).description}</Typography.Paragraph>}
      {role.system && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {role.can.assign ? t('admin.roles.systemHint') : t('admin.roles.adminHint')}
        </Typography.Paragraph>
      )}
      {names.isError ? (
        <ErrorState error={names.error} onRetry={() => void names.refetch()} />
      ) : (
        <Transfer
          className="permission-transfer"
          dataSource={dataSource}
          targetKeys={assigned}
          onChange={(keys) => setAssigned(keys.map(String))}
          render={(item) => item.title}
          showSearch
          disabled={!role.can.assign}
          titles={[t('admin.roles.available'), t('admin.roles.assigned')]}
          locale={{ searchPlaceholder: t('admin.roles.searchPermission'), notFoundContent: t('admin.roles.noPermissions') }}
          filterOption={(input, item) => item.title.toLowerCase().includes(input.toLowerCase())}
          styles={{ section: { width: isMobile ? '100%' : 320, height: isMobile ? 260 : 420 } }}
        />
      )}
      {role.can.assign && (
        <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }} wrap>
          <Button disabled={!changed} onClick={() => setAssigned(role.permissions)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ id: role._id, permissions: assigned })}
          >
            {t('admin.roles.savePermissions')}
          </Button>
        </Flex>
      )}
      <RoleNameDialog role={role} open={renaming} onClose={() => setRenaming(false)} onCreated={() => undefined} />
      <ConfirmDialog
        open={deleting}
        title={t('admin.roles.deleteQuestion', { name: role.name })}
        content={t('admin.roles.deleteHint')}
        confirmText={t('admin.roles.delete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(role._id, { onSuccess: () => (setDeleting(false), onDeleted()), onError: () => setDeleting(false) })}
        onCancel={() => setDeleting(false)}
      />
    </Card>
  );
}

/** /admin/permissions: the space's roles and, for the one selected, its permissions (decision 0047). */
export function PermissionsPage() {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const roles = useRoles();
  const text = useRoleText();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = roles.data?.items ?? [];
  const role = list.find((r) => r._id === selected) ?? (isMobile ? undefined : list[0]);
  if (roles.isPending) return <PageSkeleton />;
  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  const roleList = (
    <Card
      title={t('admin.roles.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="role-create">
          {t('admin.roles.create')}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
      style={{ flex: isMobile ? undefined : '0 0 300px', minWidth: 0 }}
    >
      <List
        dataSource={list}
        locale={{ emptyText: <Empty description={t('admin.roles.empty')} /> }}
        renderItem={(r) => (
          <List.Item
            onClick={() => setSelected(r._id)}
            onKeyDown={(e) => e.key === 'Enter' && setSelected(r._id)}
            tabIndex={0}
            role="button"
            aria-pressed={r._id === role?._id}
            className={`role-item${r._id === role?._id ? ' is-selected' : ''}`}
            data-testid="role-item"
          >
            <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
              <Typography.Text strong ellipsis>
                {text(r).name}
              </Typography.Text>
              {isDefaultRoleName(r.name) && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {text(r).description}
                </Typography.Text>
              )}
              <Flex gap={6} align="center" wrap>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('admin.roles.count', { count: r.permissions.length })}
                </Typography.Text>
                <RoleTags role={r} />
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
  return (
    <Flex vertical={isMobile} gap={16} align="flex-start" style={{ width: '100%' }}>
      {isMobile && role ? <Button onClick={() => setSelected(null)}>{t('admin.roles.backToList')}</Button> : roleList}
      <div style={{ flex: 1, minWidth: 0, width: '100%' }}>{role && <RoleEditor key={role._id} role={role} onDeleted={() => setSelected(null)} />}</div>
      <RoleNameDialog role={null} open={creating} onClose={() => setCreating(false)} onCreated={setSelected} />
    </Flex>
  );
}
