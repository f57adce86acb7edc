import { useEffect } from 'react';
import { Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@audit/domain/constants';
import { TEMPLATE_NAME_MAX } from '@audit/domain/templates';
import { applyFieldErrors } from '../../ui/formErrors';
import { useAreaTypes, useCategoryTree, useServices, type TCategoryNode, type TTemplateInput } from './templatesApi';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';

const DESCRIPTION_MAX = 500;
const KNOWN = ['name', 'description', 'language', 'category', 'service', 'areaAccess'];

interface TTreeNode {
  value: string;
  title: string;
  children?: TTreeNode[];
}
const toTreeData = (nodes: TCategoryNode[]): TTreeNode[] =>
  nodes.map((n) => ({ value: n._id, title: n.name, children: n.children?.length ? toTreeData(n.children) : undefined }));

interface TProps {
  open: boolean;
  title: string;
  initial?: Partial<TTemplateInput>;
  saving?: boolean;
  onCancel: () => void;
  /** Resolves on success; a rejected save puts the server's field errors on the form. */
  onSave: (values: TTemplateInput) => Promise<unknown>;
}

/** Create or edit a template's header: name and description required; language (es default), service, facility type, category. */
export function TemplateFormDialog({ open, title, initial, saving, onCancel, onSave }: TProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TTemplateInput>();
  const services = useServices();
  const areaTypes = useAreaTypes();
  const categories = useCategoryTree();

  useEffect(() => {
    if (open) form.setFieldsValue({ language: 'es', category: null, service: null, areaAccess: null, ...initial });
  }, [open, initial, form]);

  const submit = async () => {
    // An incomplete form shows its errors on the fields; the rejection is not an error of the page.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await onSave({
        ...values,
        name: values.name.trim(),
        description: values.description.trim(),
        category: values.category ?? null,
        service: values.service ?? null,
        areaAccess: values.areaAccess ?? null,
      });
    } catch (error) {
      applyFieldErrors(form, error, KNOWN);
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
      okButtonProps={{ loading: saving, 'data-testid': 'template-save' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="template" layout="vertical" requiredMark preserve={false}>
        <Form.Item name="name" label={t('templates.fields.name')} rules={[required, maxLengthRule(TEMPLATE_NAME_MAX)]}>
          <Input count={lengthCount(TEMPLATE_NAME_MAX)} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('templates.fields.description')} rules={[required, maxLengthRule(DESCRIPTION_MAX)]}>
          <Input.TextArea rows={3} count={lengthCount(DESCRIPTION_MAX)} />
        </Form.Item>
        <Form.Item name="language" label={t('templates.fields.language')}>
          <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} />
        </Form.Item>
        <Form.Item name="service" label={t('templates.fields.service')} extra={t('templates.runnableHint')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={services.isPending}
            options={(services.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="areaAccess" label={t('templates.fields.areaAccess')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={areaTypes.isPending}
            options={(areaTypes.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="category" label={t('templates.fields.category')}>
          <TreeSelect allowClear treeDefaultExpandAll loading={categories.isPending} treeData={toTreeData(categories.data ?? [])} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
