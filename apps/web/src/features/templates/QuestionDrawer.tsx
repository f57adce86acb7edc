import { useEffect } from 'react';
import { Button, Checkbox, Divider, Drawer, Flex, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, TEMPLATE_TEXT_MAX, TEXT_ANSWER_TYPES } from '@audit/domain/templates';
import { useViewport } from '../../ui/useViewport';
import { IncidentsEditor } from './IncidentsEditor';
import { ReadingRegistryEditor } from './ReadingRegistryEditor';
import { useSaveQuestion, type TQuestionInput } from './sectionsApi';
import { SelectOptionsEditor } from './SelectOptionsEditor';
import type { TQuestion } from './templatesApi';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';

const EMPTY: TQuestionInput = {
  name: '',
  type: 'select',
  description: null,
  required: true,
  select: { multiselect: false, scoring: true, options: [] },
  readingRegistry: { options: [], placesMeasure: [] },
  text: { answerType: 'TEXT' },
};

/** The form's values of a stored question (every config present so switching type keeps a sane default). */
const toValues = (q: TQuestion): TQuestionInput => ({
  name: q.name,
  // One of QUESTION_TYPES (the server takes only those).
  type: QUESTION_TYPES.find((type) => type === q.type) ?? EMPTY.type,
  description: q.description,
  required: q.required,
  select: q.select ?? EMPTY.select,
  readingRegistry: q.readingRegistry ?? EMPTY.readingRegistry,
  text: q.text ?? EMPTY.text,
});

/** Only the configuration of the chosen type is sent; blank keys are left for the server to generate. */
function toBody(values: TQuestionInput): TQuestionInput {
  const body: TQuestionInput = { name: values.name.trim(), type: values.type, description: values.description?.trim() || null, required: values.required };
  if (values.type === 'select')
    body.select = {
      ...values.select!,
      options: (values.select?.options ?? []).map((o) => ({ ...o, label: o.label.trim(), score: values.select?.scoring ? Number(o.score) || 0 : 0 })),
    };
  if (values.type === 'readingRegistry') {
    const rr = values.readingRegistry ?? { options: [], placesMeasure: [] };
    body.readingRegistry = {
      options: rr.options.map(({ key, ...o }) => ({
        ...o,
        ...(key?.trim() ? { key: key.trim() } : {}),
        minValue: o.minValue ?? null,
        maxValue: o.maxValue ?? null,
      })),
      placesMeasure: rr.placesMeasure.map((p) => ({ ...p, place: p.place.trim() })),
    };
  }
  if (values.type === 'text') body.text = values.text ?? EMPTY.text;
  return body;
}

interface TProps {
  templateId: string;
  sectionId: string;
  question: TQuestion | 'new' | null;
  readOnly: boolean;
  onCreated: (id: string) => void;
  onClose: () => void;
}

/** Add or edit a question: label, type and its configuration; the incident templates once it exists. */
export function QuestionDrawer({ templateId, sectionId, question, readOnly, onCreated, onClose }: TProps) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [form] = Form.useForm<TQuestionInput>();
  const save = useSaveQuestion(templateId);
  const type = Form.useWatch('type', form);
  const existing = question && question !== 'new' ? question : null;
  const openKey = question === 'new' ? 'new' : (existing?._id ?? null);

  useEffect(() => {
    if (!openKey) return;
    form.resetFields();
    form.setFieldsValue(existing ? toValues(existing) : EMPTY);
    // Reset only when another question opens, not when the cached tree refreshes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openKey]);

  const submit = async () => {
    const values = await form.validateFields();
    const saved = await save.mutateAsync({ sectionId, id: existing?._id, body: toBody({ ...form.getFieldsValue(true), ...values }) });
    if (!existing) onCreated(saved._id);
  };

  return (
    <Drawer
      open={Boolean(question)}
      onClose={onClose}
      size={isMobile ? '100%' : 760}
      title={readOnly ? t('templates.questions.view') : existing ? t('templates.questions.edit') : t('templates.questions.add')}
      destroyOnHidden
      forceRender
      extra={
        !readOnly && (
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="question-save">
            {t('common.save')}
          </Button>
        )
      }
    >
      <Form form={form} name="question" layout="vertical" disabled={readOnly} initialValues={EMPTY}>
        <Form.Item
          name="name"
          label={t('templates.questions.label')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, maxLengthRule(TEMPLATE_TEXT_MAX)]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} count={lengthCount(TEMPLATE_TEXT_MAX)} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="type" label={t('templates.questions.type')} style={{ flex: '1 1 220px' }}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`templates.questionType.${v}`) }))} />
          </Form.Item>
          {/* The blank label lines the checkbox up with the select beside it; on a phone it sits below, without the gap. */}
          <Form.Item name="required" valuePropName="checked" label={isMobile ? undefined : ' '} style={{ flex: '0 0 auto' }}>
            <Checkbox>{t('templates.questions.required')}</Checkbox>
          </Form.Item>
        </Flex>
        <Form.Item name="description" label={t('templates.questions.description')} rules={[maxLengthRule(TEMPLATE_TEXT_MAX)]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} count={lengthCount(TEMPLATE_TEXT_MAX)} />
        </Form.Item>
        {type === 'select' && <SelectOptionsEditor disabled={readOnly} />}
        {type === 'readingRegistry' && <ReadingRegistryEditor disabled={readOnly} />}
        {type === 'text' && (
          <Form.Item name={['text', 'answerType']} label={t('templates.questions.answerType')}>
            <Radio.Group options={TEXT_ANSWER_TYPES.map((v) => ({ value: v, label: t(`templates.answerType.${v}`) }))} />
          </Form.Item>
        )}
      </Form>
      <Divider />
      {existing ? (
        <IncidentsEditor templateId={templateId} sectionId={sectionId} question={existing} readOnly={readOnly} />
      ) : (
        <Flex className="muted">{t('templates.incidents.afterSave')}</Flex>
      )}
    </Drawer>
  );
}
