import { useEffect } from 'react';
import { Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCategoryTree } from '@audit/domain/categories';
import { LANGUAGES } from '@audit/domain/constants';
import { REGISTER_NAME_MAX, REGISTER_TEXT_MAX, REPORT_TYPES } from '@audit/domain/registers';
import { notifyError } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';
import { useRegisterCategories, type TRegisterTemplateInput } from './registerTemplatesApi';

const KNOWN = ['name', 'category', 'language', 'title', 'reportType', 'registerType', 'description'];

interface TTreeNode {
  value: string;
  title: string;
  children?: TTreeNode[];
}
const toTreeData = (nodes: TCategoryTree[]): TTreeNode[] =>
  nodes.map((n) => ({ value: n._id, title: n.name, children: n.children?.length ? toTreeData(n.children) : undefined }));

interface TProps {
  open: boolean;
  title: string;
  initial?: Partial<TRegisterTemplateInput>;
  saving?: boolean;
  onCancel: () => void;
  /** Resolves on success; a rejected save puts the server's field errors on the form. */
  onSave: (values: TRegisterTemplateInput) => Promise<unknown>;
}

/** A register template's header (product document section 5: name, category, language, title and report type required). */
export function RegisterTemplateFormDialog({ open, title, initial, saving, onCancel, onSave }: TProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TRegisterTemplateInput>();
  const categories = useRegisterCategories();

  useEffect(() => {
    if (open) form.setFieldsValue({ language: 'es', reportType: 'Model_1', ...initial });
  }, [open, initial, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await onSave({
        ...values,
        name: values.name.trim(),
        title: values.title.trim(),
        registerType: values.registerType?.trim() || null,
        description: values.description?.trim() || null,
      });
    } catch (error) {
      // Silent mutation: what is not a field's error is said here.
      if (!applyFieldErrors(form, error, KNOWN)) notifyError(error);
    }
  };

  const required = { required: true, whitespace: true, message: t('form.required') };
  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit()}
      onCancel={onCancel}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'register-template-save' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="registerTemplate" layout="vertical" requiredMark preserve={false}>
        <Form.Item name="name" label={t('registerTemplates.fields.name')} rules={[required, maxLengthRule(REGISTER_NAME_MAX)]}>
          <Input count={lengthCount(REGISTER_NAME_MAX)} autoFocus />
        </Form.Item>
        <Form.Item name="title" label={t('registerTemplates.fields.title')} rules={[required, maxLengthRule(REGISTER_NAME_MAX)]}>
          <Input count={lengthCount(REGISTER_NAME_MAX)} />
        </Form.Item>
        <Form.Item name="category" label={t('registerTemplates.fields.category')} rules={[{ required: true, message: t('form.required') }]}>
          <TreeSelect treeDefaultExpandAll loading={categories.isPending} treeData={toTreeData(categories.data ?? [])} />
        </Form.Item>
        <Form.Item name="language" label={t('registerTemplates.fields.language')} rules={[{ required: true, message: t('form.required') }]}>
          <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} />
        </Form.Item>
        <Form.Item name="reportType" label={t('registerTemplates.fields.reportType')} rules={[{ required: true, message: t('form.required') }]}>
          <Select options={REPORT_TYPES.map((r) => ({ value: r, label: t(`registerTemplates.reportType.${r}`) }))} />
        </Form.Item>
        <Form.Item name="registerType" label={t('registerTemplates.fields.registerType')} rules={[maxLengthRule(100)]}>
          <Input count={lengthCount(100)} />
        </Form.Item>
        <Form.Item name="description" label={t('registerTemplates.fields.description')} rules={[maxLengthRule(REGISTER_TEXT_MAX)]}>
          <Input.TextArea rows={3} count={lengthCount(REGISTER_TEXT_MAX)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
