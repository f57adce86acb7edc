import { Col, ColorPicker, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX_LENGTH } from '@audit/domain/constants';
import { isValidEmail } from '@audit/domain/validators';
import { BOUNDS } from '@audit/domain/bounds';
import { boundHint, lengthCount, maxLengthRule, NumberField, numberRules } from '../../ui/NumberField';
import { IVA_GROUPS_OPTIONS, type TExtraField, type TNomenclatureDef } from './definitions';
import { serviceCategoryCalls } from '@audit/domain/calls/nomenclatures';
import { useCatalogueOptions } from './nomenclaturesApi';

export type TNomenclatureFormValues = { name: string; description?: string } & Partial<Record<TExtraField, unknown>>;

function ServiceCategorySelect(props: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const options = useCatalogueOptions(serviceCategoryCalls);
  return (
    <Select
      id={props.id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isPending}
      value={props.value ?? undefined}
      onChange={(v?: string) => props.onChange?.(v ?? null)}
      options={(options.data?.items ?? []).map((o) => ({ value: o._id, label: o.name }))}
    />
  );
}

/** Name and description (description ≤ 500, 5 to 12 rows) plus the extra fields of the definition. */
export function NomenclatureForm({
  def,
  form,
  initialValues,
  onFinish,
}: {
  def: TNomenclatureDef;
  form: FormInstance<TNomenclatureFormValues>;
  initialValues: Partial<TNomenclatureFormValues>;
  onFinish: (values: TNomenclatureFormValues) => void;
}) {
  const { t } = useTranslation();
  const required = { required: true, message: t('form.required') };
  const extra = new Set(def.extra ?? []);
  const half = { xs: 24, md: 12 };
  return (
    <Form
      form={form}
      name="nomenclature"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      requiredMark
      scrollToFirstError
      data-testid="nomenclature-form"
    >
      <Form.Item name="name" label={t('nomenclatures.fields.name')} rules={[{ ...required, whitespace: true }, maxLengthRule(200)]}>
        <Input autoFocus count={lengthCount(200)} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('nomenclatures.fields.description')}
        rules={[...(def.descriptionRequired ? [{ ...required, whitespace: true }] : []), maxLengthRule(DESCRIPTION_MAX_LENGTH)]}
      >
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} count={lengthCount(DESCRIPTION_MAX_LENGTH)} />
      </Form.Item>
      <Row gutter={16}>
        {extra.has('category') && (
          <Col {...half}>
            <Form.Item name="category" label={t('nomenclatures.fields.category')}>
              <ServiceCategorySelect />
            </Form.Item>
          </Col>
        )}
        {extra.has('executionTime') && (
          <Col {...half}>
            <Form.Item
              name="executionTime"
              label={t('nomenclatures.fields.executionTime')}
              rules={numberRules(BOUNDS.executionTime, { required: true })}
              extra={boundHint(BOUNDS.executionTime)}
            >
              <NumberField />
            </Form.Item>
          </Col>
        )}
        {extra.has('price') && (
          <Col {...half}>
            <Form.Item
              name="price"
              label={t('nomenclatures.fields.price')}
              rules={numberRules(BOUNDS.servicePrice, { required: true })}
              extra={boundHint(BOUNDS.servicePrice)}
            >
              <NumberField suffix="€" data-testid="service-price" />
            </Form.Item>
          </Col>
        )}
        {extra.has('groupIva') && (
          <Col {...half}>
            <Form.Item name="groupIva" label={t('nomenclatures.fields.groupIva')}>
              <Select options={IVA_GROUPS_OPTIONS.map((g) => ({ value: g.value, label: t(`nomenclatures.iva.${g.value}`, { percent: g.percent }) }))} />
            </Form.Item>
          </Col>
        )}
        {extra.has('salesAccount') && (
          <Col {...half}>
            <Form.Item name="salesAccount" label={t('nomenclatures.fields.salesAccount')} rules={[required]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        {extra.has('code') && (
          <Col {...half}>
            <Form.Item
              name="code"
              label={t('nomenclatures.fields.code')}
              rules={[...(def.codeRequired ? [{ ...required, whitespace: true }] : []), maxLengthRule(def.codeRequired ?? 100)]}
            >
              <Input count={lengthCount(def.codeRequired ?? 100)} />
            </Form.Item>
          </Col>
        )}
        {extra.has('legalRepresentative') && (
          <Col {...half}>
            <Form.Item name="legalRepresentative" label={t('nomenclatures.fields.legalRepresentative')} rules={[maxLengthRule(200)]}>
              <Input count={lengthCount(200)} />
            </Form.Item>
          </Col>
        )}
        {extra.has('email') && (
          <Col {...half}>
            <Form.Item
              name="email"
              label={t('nomenclatures.fields.email')}
              rules={[
                {
                  validator: (_r, v?: string) => (!v?.trim() || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.invalidEmail')))),
                },
              ]}
            >
              <Input type="email" maxLength={254} />
            </Form.Item>
          </Col>
        )}
        {extra.has('color') && (
          <Col {...half}>
            <Form.Item
              name="color"
              label={t('nomenclatures.fields.color')}
              getValueFromEvent={(c: { toHexString: () => string } | null) => c?.toHexString() ?? null}
            >
              <ColorPicker allowClear showText />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
}
