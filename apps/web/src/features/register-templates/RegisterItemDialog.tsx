import { useEffect } from 'react';
import { Alert, Col, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { readingBound } from '@audit/domain/bounds';
import { PARAM_TYPES, REGISTER_NAME_MAX } from '@audit/domain/registers';
import { MEASURE_UNITS, OPERATIONS } from '@audit/domain/templates';
import { notifyError } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { boundHint, lengthCount, maxLengthRule, NumberField, numberRules } from '../../ui/NumberField';
import { limitsText } from './limits';
import type { TItemKind, TRegisterItem, TRegisterItemInput } from './registerTemplatesApi';

const KNOWN = ['name', 'fieldType', 'selectOption', 'unit', 'operation', 'min', 'max', 'required'];
const usesMin = (op?: string | null) => op === 'between' || op === 'greaterThan' || op === 'equal';
const usesMax = (op?: string | null) => op === 'between' || op === 'lessThan';

interface TProps {
  open: boolean;
  kind: TItemKind;
  item?: TRegisterItem | null;
  saving?: boolean;
  onCancel: () => void;
  onSave: (values: TRegisterItemInput) => Promise<unknown>;
}

/**
 * Add or edit a field (once per log sheet) or a param (per facility and take). A number carries a
 * unit, an operation and its limits, shown in words before saving ("between 0 and 5 °C").
 */
export function RegisterItemDialog({ open, kind, item, saving, onCancel, onSave }: TProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TRegisterItemInput>();
  const values = Form.useWatch([], form) as TRegisterItemInput | undefined;
  const type = values?.fieldType;
  const op = values?.operation;
  const bound = readingBound(values?.unit);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      item
        ? { ...item, unit: item.unit as TRegisterItemInput['unit'], operation: item.operation as TRegisterItemInput['operation'] }
        : { fieldType: kind === 'param' ? 'number' : 'text', required: false, unit: 'celsius', operation: 'between' },
    );
  }, [open, item, kind, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const number = v.fieldType === 'number';
    try {
      await onSave({
        name: v.name.trim(),
        fieldType: v.fieldType,
        required: Boolean(v.required),
        selectOption: v.fieldType === 'select' ? (v.selectOption ?? '').trim() : null,
        unit: number ? (v.unit ?? null) : null,
        operation: number ? (v.operation ?? 'noFormat') : null,
        min: number && usesMin(v.operation) ? (v.min ?? null) : null,
        max: number && usesMax(v.operation) ? (v.max ?? null) : null,
      });
    } catch (error) {
      // Silent mutation: what is not a field's error is said here.
      if (!applyFieldErrors(form, error, KNOWN)) notifyError(error);
    }
  };

  const required = { required: true, message: t('form.required') };
  const preview = values ? limitsText(t, i18n.language, values) : null;
  const title = t(`registerTemplates.items.${item ? 'edit' : 'add'}.${kind}`);
  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit()}
      onCancel={onCancel}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'register-item-save' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="registerItem" layout="vertical" requiredMark preserve={false}>
        <Form.Item name="name" label={t('registerTemplates.items.name')} rules={[{ ...required, whitespace: true }, maxLengthRule(REGISTER_NAME_MAX)]}>
          <Input count={lengthCount(REGISTER_NAME_MAX)} autoFocus />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={16}>
            <Form.Item name="fieldType" label={t('registerTemplates.items.fieldType')} rules={[required]}>
              <Select options={PARAM_TYPES.map((p) => ({ value: p, label: t(`registerTemplates.fieldType.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="required" label={t('registerTemplates.items.required')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {type === 'select' && (
          <Form.Item
            name="selectOption"
            label={t('registerTemplates.items.selectOption')}
            extra={t('registerTemplates.items.selectOptionHint')}
            rules={[{ ...required, whitespace: true }, maxLengthRule(2000)]}
          >
            <Input />
          </Form.Item>
        )}
        {type === 'number' && (
          <>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="unit" label={t('registerTemplates.items.unit')}>
                  <Select allowClear options={MEASURE_UNITS.map((m) => ({ value: m, label: t(`registerTemplates.unit.${m}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="operation" label={t('registerTemplates.items.operation')}>
                  <Select options={OPERATIONS.map((o) => ({ value: o, label: t(`registerTemplates.operation.${o}`) }))} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              {usesMin(op) && (
                <Col xs={12}>
                  <Form.Item
                    name="min"
                    label={t('registerTemplates.items.min')}
                    dependencies={['unit']}
                    extra={boundHint(bound)}
                    rules={numberRules(bound, { required: true })}
                  >
                    <NumberField aria-label={t('registerTemplates.items.min')} data-testid="item-min" />
                  </Form.Item>
                </Col>
              )}
              {usesMax(op) && (
                <Col xs={12}>
                  <Form.Item
                    name="max"
                    label={t('registerTemplates.items.max')}
                    dependencies={['unit', 'min']}
                    extra={boundHint(bound)}
                    rules={[
                      ...numberRules(bound, { required: true }),
                      ({ getFieldValue }) => ({
                        validator: (_r, max?: number | null) => {
                          const min = getFieldValue('min') as number | null | undefined;
                          return op === 'between' && min != null && max != null && min > max
                            ? Promise.reject(new Error(t('registerTemplates.items.minOverMax')))
                            : Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <NumberField aria-label={t('registerTemplates.items.max')} data-testid="item-max" />
                  </Form.Item>
                </Col>
              )}
            </Row>
            {preview && <Alert type="info" showIcon title={t('registerTemplates.items.accepted', { limits: preview })} data-testid="limits-preview" />}
          </>
        )}
      </Form>
    </Modal>
  );
}
