import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Drawer, Flex, Form, Input, InputNumber, Modal, Row, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCategoryTree } from '@audit/domain/categories';
import {
  AREA_ACCESSES,
  CLASSIFICATIONS,
  FREQUENCIES,
  frequencyFits,
  REGISTER_NAME_MAX,
  REGISTER_TEXT_MAX,
  TAKES_PER_DAY_MAX,
  type TFrequency,
} from '@audit/domain/registers';
import { notifyError } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import {
  useAreaOptions,
  useClientOptions,
  useCreateRegister,
  useEstablishmentOptions,
  useRegisterCategoryTree,
  useTemplateOptions,
  useTypologyOptions,
  useUpdateRegister,
  type TOption,
  type TRegisterInput,
} from './registerFormApi';
import { ALL, areasFor, EDITABLE_WITH_DATA, followChanges, toAll, toFormValues, withAll, type TRegisterFormValues } from './registerFormRules';
import type { TRegister } from './registersApi';

const KNOWN = [
  'name',
  'areaAccess',
  'classification',
  'template',
  'client',
  'establishments',
  'areas',
  'typologies',
  'category',
  'period',
  'frequency',
  'takesPerDay',
  'description',
];
interface TTreeNode {
  value: string;
  title: string;
  children?: TTreeNode[];
}
const toTree = (nodes: TCategoryTree[]): TTreeNode[] =>
  nodes.map((n) => ({ value: n._id, title: n.name, children: n.children?.length ? toTree(n.children) : undefined }));
const toOptions = (list: TOption[] | undefined) => (list ?? []).map((o) => ({ value: o._id, label: o.name }));

interface TProps {
  open: boolean;
  /** Editing this register; creating when absent. */
  register?: TRegister;
  loading?: boolean;
  error?: unknown;
  onClose: () => void;
  onSaved: (register: TRegister) => void;
}

/**
 * Create or edit a register (product document section 5). Editing one that already has data asks
 * first, then leaves only name, areas and description open.
 */
export function RegisterFormDrawer({ open, register, loading, error, onClose, onSaved }: TProps) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const editing = Boolean(register);
  // "It already has data": asked once each time the drawer opens on such a register.
  const [confirmedData, setConfirmedData] = useState(false);
  useEffect(() => setConfirmedData(false), [open, register?._id]);
  const askData = open && Boolean(register?.hasData) && !confirmedData;

  return (
    <Drawer
      open={open}
      title={editing ? t('registers.form.editTitle', { name: register!.name }) : t('registers.form.createTitle')}
      size={isMobile ? '100%' : 720}
      onClose={onClose}
      destroyOnHidden
      data-testid="register-form-drawer"
    >
      {loading ? (
        <PageSkeleton rows={8} />
      ) : error ? (
        <ErrorState error={error} />
      ) : askData ? (
        <Modal
          open
          title={t('registers.form.hasDataTitle')}
          okText={t('registers.form.continue')}
          cancelText={t('common.cancel')}
          onOk={() => setConfirmedData(true)}
          onCancel={onClose}
        >
          {t('registers.form.hasDataQuestion')}
        </Modal>
      ) : (
        open && <RegisterForm register={register} onCancel={onClose} onSaved={onSaved} />
      )}
    </Drawer>
  );
}

function RegisterForm({ register, onCancel, onSaved }: { register?: TRegister; onCancel: () => void; onSaved: (r: TRegister) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TRegisterFormValues>();
  const create = useCreateRegister();
  const update = useUpdateRegister();
  const reduced = Boolean(register?.hasData);
  const initial = useMemo<Partial<TRegisterFormValues>>(
    () =>
      register ? toFormValues(register) : { classification: 'measurement', takesPerDay: 1, manualCompletion: false, dailyDisabled: false, typologies: [] },
    [register],
  );
  const client = Form.useWatch('client', form) ?? initial.client;
  const establishments = Form.useWatch('establishments', form) as string[] | undefined;
  const areas = Form.useWatch('areas', form) as string[] | undefined;
  const classification = Form.useWatch('classification', form);
  const period = Form.useWatch('period', form) as TFrequency | undefined;
  const frequency = Form.useWatch('frequency', form);
  const clients = useClientOptions();
  const establishmentOptions = useEstablishmentOptions(client);
  const areaOptions = useAreaOptions(client);
  const templates = useTemplateOptions();
  const categories = useRegisterCategoryTree();
  const typologies = useTypologyOptions(classification === 'measurement');
  const allAreas = areaOptions.data ?? [];
  const areasShown = areasFor(allAreas, establishments);
  const locked = (name: string) => reduced && !(EDITABLE_WITH_DATA as readonly string[]).includes(name);
  const required = { required: true, message: t('form.required') };
  const allOption = (count: number) => ({ value: ALL, label: t('registers.allOf', { count }) });

  const submit = async (values: TRegisterFormValues) => {
    const body: TRegisterInput = {
      name: values.name.trim(),
      areaAccess: values.areaAccess as TRegisterInput['areaAccess'],
      classification: values.classification as TRegisterInput['classification'],
      template: values.template!,
      client: values.client!,
      establishments: toAll(values.establishments),
      areas: toAll(values.areas),
      typologies: values.classification === 'measurement' ? (values.typologies ?? []) : [],
      category: values.category!,
      period: values.period as TFrequency,
      frequency: values.frequency as TFrequency,
      takesPerDay: values.frequency === 'daily' ? values.takesPerDay : 1,
      manualCompletion: values.manualCompletion,
      dailyDisabled: values.dailyDisabled,
      description: values.description?.trim() || null,
    };
    try {
      const saved = register
        ? await update.mutateAsync({
            id: register._id,
            // With data only the reduced set is sent (the server refuses any other field then).
            body: reduced ? { name: body.name, areas: body.areas, description: body.description } : body,
          })
        : await create.mutateAsync(body);
      onSaved(saved);
    } catch (error) {
      // Silent mutation: what is not a field's error is said here.
      if (!applyFieldErrors(form, error, KNOWN)) notifyError(error);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      scrollToFirstError
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      onValuesChange={(changed: Partial<TRegisterFormValues>, values: TRegisterFormValues) => {
        const next: Partial<TRegisterFormValues> = {};
        if (changed.establishments) next.establishments = withAll(changed.establishments, establishments);
        if (changed.areas) next.areas = withAll(changed.areas, areas);
        const effective = { ...changed, ...next };
        Object.assign(next, followChanges(effective, { ...values, ...next }, allAreas));
        if (Object.keys(next).length) form.setFieldsValue(next);
      }}
      data-testid="register-form"
    >
      {reduced && <Alert type="info" showIcon title={t('registers.form.reducedHint')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('registers.fields.name')} rules={[{ ...required, whitespace: true }, maxLengthRule(REGISTER_NAME_MAX)]}>
            <Input count={lengthCount(REGISTER_NAME_MAX)} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="client" label={t('registers.fields.client')} rules={[required]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              disabled={Boolean(register)}
              loading={clients.isPending}
              options={toOptions(clients.data)}
              data-testid="register-client"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="areaAccess" label={t('registers.fields.areaAccess')} rules={[required]}>
            <Select
              disabled={locked('areaAccess')}
              options={AREA_ACCESSES.map((a) => ({ value: a, label: t(`registers.areaAccess.${a}`) }))}
              data-testid="register-area-access"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="classification" label={t('registers.fields.classification')} rules={[required]}>
            <Select disabled={locked('classification')} options={CLASSIFICATIONS.map((c) => ({ value: c, label: t(`registers.classification.${c}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="template" label={t('registers.fields.template')} rules={[required]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              disabled={locked('template')}
              loading={templates.isPending}
              options={toOptions(templates.data)}
              data-testid="register-template"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('registers.fields.category')} rules={[required]}>
            <TreeSelect
              disabled={locked('category')}
              treeDefaultExpandAll
              loading={categories.isPending}
              treeData={toTree(categories.data ?? [])}
              data-testid="register-category"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="establishments"
            label={t('registers.fields.establishments')}
            rules={[{ ...required, type: 'array', min: 1 }]}
            extra={!client ? t('registers.form.pickClient') : undefined}
          >
            <Select
              mode="multiple"
              disabled={!client || locked('establishments')}
              loading={Boolean(client) && establishmentOptions.isPending}
              optionFilterProp="label"
              options={[allOption(establishmentOptions.data?.length ?? 0), ...toOptions(establishmentOptions.data)]}
              data-testid="register-establishments"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="areas"
            label={t('registers.fields.areas')}
            rules={[{ ...required, type: 'array', min: 1 }]}
            extra={!establishments?.length ? t('registers.form.pickEstablishments') : undefined}
          >
            <Select
              mode="multiple"
              disabled={!establishments?.length}
              loading={Boolean(client) && areaOptions.isPending}
              optionFilterProp="label"
              options={[allOption(areasShown.length), ...toOptions(areasShown)]}
              data-testid="register-areas"
            />
          </Form.Item>
        </Col>
        {classification === 'measurement' && (
          <Col xs={24}>
            <Form.Item name="typologies" label={t('registers.fields.typologies')} extra={t('registers.form.typologiesHint')}>
              <Select
                mode="multiple"
                disabled={locked('typologies')}
                loading={typologies.isPending}
                optionFilterProp="label"
                options={toOptions(typologies.data)}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Form.Item name="period" label={t('registers.fields.period')} rules={[required]} extra={t('registers.form.periodHint')}>
            <Select
              disabled={locked('period')}
              options={FREQUENCIES.map((f) => ({ value: f, label: t(`registers.frequency.${f}`) }))}
              onChange={(next: TFrequency) => {
                // A frequency longer than the new period no longer fits.
                if (frequency && !frequencyFits(frequency as TFrequency, next)) form.setFieldValue('frequency', undefined);
              }}
              data-testid="register-period"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="frequency" label={t('registers.fields.frequency')} rules={[required]} extra={t('registers.form.frequencyHint')}>
            <Select
              disabled={locked('frequency')}
              options={FREQUENCIES.filter((f) => !period || frequencyFits(f, period)).map((f) => ({ value: f, label: t(`registers.frequency.${f}`) }))}
              data-testid="register-frequency"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="takesPerDay" label={t('registers.fields.takesPerDay')} rules={[required]}>
            <InputNumber min={1} max={TAKES_PER_DAY_MAX} precision={0} style={{ width: '100%' }} disabled={locked('takesPerDay') || frequency !== 'daily'} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="manualCompletion" label={t('registers.fields.manualCompletion')} valuePropName="checked" extra={t('registers.form.manualHint')}>
            <Switch disabled={locked('manualCompletion')} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="dailyDisabled" label={t('registers.fields.dailyDisabled')} valuePropName="checked" extra={t('registers.form.dailyHint')}>
            <Switch disabled={locked('dailyDisabled')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('registers.fields.description')} rules={[maxLengthRule(REGISTER_TEXT_MAX)]}>
            <Input.TextArea rows={3} count={lengthCount(REGISTER_TEXT_MAX)} />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="register-save">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
