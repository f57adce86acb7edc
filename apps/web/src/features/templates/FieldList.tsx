import { useState } from 'react';
import { Button, Checkbox, Empty, Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fieldProblems, fieldTypesOf, invalidEmails, TEMPLATE_NAME_MAX, type TSectionType } from '@audit/domain/templates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useAddField, useMoveField, useRemoveField, useUpdateField, type TFieldInput } from './sectionsApi';
import { SortableList } from '../../ui/SortableList';
import type { TField, TSection } from './templatesApi';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';

/** Cover fields (DATA) or contact fields (CONTACTS): add, edit, remove, reorder. */
export function FieldList({
  templateId,
  section,
  readOnly,
  isPoolService,
}: {
  templateId: string;
  section: TSection;
  readOnly: boolean;
  isPoolService: boolean;
}) {
  const { t } = useTranslation();
  const move = useMoveField(templateId);
  const remove = useRemoveField(templateId);
  const [editing, setEditing] = useState<TField | 'new' | null>(null);
  const [removing, setRemoving] = useState<TField | null>(null);
  return (
    <Flex vertical gap={8}>
      {section.fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.fields.empty')} />}
      <SortableList
        items={section.fields}
        rowKey={(f) => f._id}
        labelOf={(f) => f.label}
        disabled={readOnly}
        gap={4}
        onMove={(f, position) => move.mutate({ sectionId: section._id, id: f._id, position })}
        render={(field, _i, handle) => (
          <Flex className="tree-row" align="center" gap={8} wrap data-testid="field-row">
            {handle}
            <Typography.Text style={{ flex: '1 1 160px' }}>{field.label}</Typography.Text>
            <Tag>{t(`templates.questionType.${field.type}`, { defaultValue: field.type })}</Tag>
            {field.required && <Tag color="red">{t('templates.fields.required')}</Tag>}
            {!readOnly && (
              <>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(field)}
                  aria-label={t('templates.editItem', { name: field.label })}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => setRemoving(field)}
                  aria-label={t('templates.removeItem', { name: field.label })}
                />
              </>
            )}
          </Flex>
        )}
      />
      {!readOnly && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ alignSelf: 'flex-start' }}>
          {t('templates.fields.add')}
        </Button>
      )}
      <FieldDialog templateId={templateId} section={section} field={editing} isPoolService={isPoolService} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('common.deleteTitle')}
        content={t('templates.removeQuestionItem', { name: removing?.label ?? '' })}
        confirmText={t('common.delete')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          remove.mutate({ sectionId: section._id, id: removing!._id });
          setRemoving(null);
        }}
      />
    </Flex>
  );
}

function FieldDialog({
  templateId,
  section,
  field,
  isPoolService,
  onClose,
}: {
  templateId: string;
  section: TSection;
  field: TField | 'new' | null;
  isPoolService: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFieldInput>();
  const add = useAddField(templateId);
  const update = useUpdateField(templateId);
  const type = Form.useWatch('type', form);
  const sectionType = section.type as TSectionType;
  // Pool counts only for a pool service (section 6); a field saved with one keeps its type on the list.
  const offered = fieldTypesOf(sectionType, isPoolService);
  const types = field && field !== 'new' && !offered.includes(field.type) ? [...offered, field.type] : offered;
  const submit = async () => {
    const values = await form.validateFields();
    const body = { ...values, label: values.label.trim(), value: values.value?.trim() || null };
    if (field === 'new') await add.mutateAsync({ sectionId: section._id, body });
    else if (field) await update.mutateAsync({ sectionId: section._id, id: field._id, body });
    onClose();
  };
  return (
    <Modal
      open={Boolean(field)}
      title={field === 'new' ? t('templates.fields.add') : t('templates.fields.edit')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      {/* Values from the first render (the content is destroyed on close), not after the opening animation. */}
      <Form
        form={form}
        name="templateField"
        layout="vertical"
        preserve={false}
        initialValues={field === 'new' || !field ? { label: '', type: types[0], required: false, value: null } : field}
      >
        <Form.Item
          name="label"
          label={t('templates.fields.label')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, maxLengthRule(TEMPLATE_NAME_MAX)]}
        >
          <Input count={lengthCount(TEMPLATE_NAME_MAX)} />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('templates.fields.type')}
          extra={type === 'contact_information' ? t('templates.fields.contactsHint') : undefined}
          rules={[
            {
              validator: (_, v: string) =>
                fieldProblems(sectionType, { type: v }).includes('type') ? Promise.reject(new Error(t('templates.fields.badType'))) : Promise.resolve(),
            },
          ]}
        >
          <Select options={types.map((v) => ({ value: v, label: t(`templates.questionType.${v}`) }))} data-testid="field-type" />
        </Form.Item>
        {type === 'email' && (
          <Form.Item
            name="value"
            label={t('templates.fields.emails')}
            extra={t('templates.fields.emailsHint')}
            rules={[
              {
                validator: (_, v: string) =>
                  invalidEmails(v).length
                    ? Promise.reject(new Error(t('templates.fields.badEmails', { list: invalidEmails(v).join(', ') })))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input />
          </Form.Item>
        )}
        <Form.Item name="required" valuePropName="checked">
          <Checkbox>{t('templates.fields.required')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
