import { useEffect } from 'react';
import { Checkbox, Flex, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SPACE_TYPES } from '@audit/domain/constants';
import { SPACE_MODULES, type TSpaceCreate } from '@audit/domain/spaces';
import { applyFieldErrors } from '../../ui/formErrors';
import { identifierTaken, useCreateSpace, useSpaceNames, useUpdateSpace, type TSpaceListItem } from './adminApi';
import { LogoField } from './LogoField';
import { useMe } from '../../session/me';

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

interface TValues {
  identifier: string;
  name: string;
  typeStructure: TSpaceCreate['typeStructure'];
  parent?: string;
  description?: string;
  modules: string[];
  logo?: string | null;
  ownerSpace?: boolean;
  adminSpace?: boolean;
}

/** Create a space under one of the scope (identifier checked as one leaves the field), or edit one. */
export function SpaceDialog({ space, open, onClose }: { space: TSpaceListItem | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const create = useCreateSpace();
  const update = useUpdateSpace();
  // The space-owner and admin-space flags: only the platform owner's sessions set them (decision 0065).
  const me = useMe();
  const setsFlags = space ? space.can.setFlags : me.data?.isOwner === true;
  const parents = useSpaceNames({
    size: 100,
    page: 0,
    sort: 'name',
    filters: [{ field: 'typeStructure', operator: '$in', value: ['STRUCTURE', 'ESTABLISHMENT'] }],
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (space)
      form.setFieldsValue({
        identifier: space.identifier,
        name: space.name,
        description: space.description ?? undefined,
        modules: space.modules,
        ownerSpace: space.ownerSpace,
        adminSpace: space.adminSpace,
      });
  }, [open, space, form]);
  const known = ['identifier', 'name', 'description', 'modules', 'logo', 'parent', 'typeStructure'];
  const submit = (v: TValues) => {
    const common = {
      identifier: v.identifier.trim(),
      name: v.name.trim(),
      description: v.description?.trim() || null,
      modules: v.modules as TSpaceCreate['modules'],
      ...(setsFlags ? { ownerSpace: v.ownerSpace ?? false, adminSpace: v.adminSpace ?? false } : {}),
    };
    const logo = v.logo === undefined ? {} : { logo: v.logo };
    const done = { onSuccess: onClose, onError: (e: unknown) => applyFieldErrors(form, e, known) };
    if (space) update.mutate({ id: space._id, body: { ...common, ...logo } }, done);
    else create.mutate({ ...common, ...logo, typeStructure: v.typeStructure, parent: v.parent }, done);
  };
  const checkIdentifier = async (_r: unknown, value: string | undefined) => {
    const text = value?.trim();
    if (!text || !IDENTIFIER.test(text) || text.toLowerCase() === space?.identifier.toLowerCase()) return;
    if (await identifierTaken(text).catch(() => false)) throw new Error(t('admin.spaces.identifierTaken'));
  };
  return (
    <Modal
      open={open}
      title={space ? t('admin.spaces.edit') : t('admin.spaces.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ typeStructure: 'STRUCTURE', modules: [] }}>
        <Form.Item name="name" label={t('admin.spaces.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item
          name="identifier"
          label={t('admin.spaces.identifier')}
          extra={t('admin.spaces.identifierHint')}
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: t('form.required') },
            { min: 2, max: 60, message: t('admin.spaces.identifierLength') },
            { pattern: IDENTIFIER, message: t('admin.spaces.identifierHint') },
            { validator: checkIdentifier },
          ]}
        >
          <Input maxLength={60} />
        </Form.Item>
        {!space && (
          <>
            <Form.Item name="typeStructure" label={t('admin.spaces.type')} rules={[{ required: true, message: t('form.required') }]}>
              <Select options={SPACE_TYPES.map((type) => ({ value: type, label: t(`spaces.type.${type}`, { defaultValue: type }) }))} />
            </Form.Item>
            <Form.Item name="parent" label={t('admin.spaces.parent')} extra={t('admin.spaces.parentHint')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                loading={parents.isPending}
                options={parents.data?.items.map((p) => ({ value: p._id, label: p.name }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="description" label={t('admin.spaces.description')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="modules" label={t('admin.spaces.modules')}>
          <Checkbox.Group options={SPACE_MODULES.map((m) => ({ value: m, label: t(`admin.modules.${m}`) }))} />
        </Form.Item>
        {setsFlags && (
          <Flex gap={24} wrap>
            <Form.Item
              name="ownerSpace"
              label={t('admin.spaces.ownerSpace')}
              extra={t('admin.spaces.ownerSpaceHint')}
              valuePropName="checked"
              style={{ flex: '1 1 200px' }}
            >
              <Switch data-testid="space-owner-flag" />
            </Form.Item>
            <Form.Item
              name="adminSpace"
              label={t('admin.spaces.adminSpace')}
              extra={t('admin.spaces.adminSpaceHint')}
              valuePropName="checked"
              style={{ flex: '1 1 200px' }}
            >
              <Switch data-testid="space-admin-flag" />
            </Form.Item>
          </Flex>
        )}
        <Form.Item name="logo" label={t('admin.logo.label')}>
          <LogoField current={space?.logo} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
