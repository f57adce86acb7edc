import { useState } from 'react';
import { Button, Empty, Flex, Form, Input, List, Modal, Select, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RISK_LEVELS, TEMPLATE_NAME_MAX, TEMPLATE_TEXT_MAX } from '@audit/domain/templates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useRemoveIncident, useSaveIncident, type TIncidentInput } from './sectionsApi';
import type { TIncident, TQuestion } from './templatesApi';
import { BOUNDS } from '@audit/domain/bounds';
import { boundHint, lengthCount, maxLengthRule, NumberField, numberRules } from '../../ui/NumberField';

/** Risk colours: high red, medium orange, low yellow, infrastructure blue. */
export const RISK_COLORS: Record<string, string> = { high: 'red', medium: 'orange', low: 'gold', infrastructure: 'blue', IE: 'purple', P1: 'magenta' };

export function RiskTag({ level }: { level: string }) {
  const { t } = useTranslation();
  return <Tag color={RISK_COLORS[level]}>{t(`templates.risk.${level}`, { defaultValue: level })}</Tag>;
}

/** The incident templates of a question: name, risk level, deduction %, tasks. */
export function IncidentsEditor({
  templateId,
  sectionId,
  question,
  readOnly,
}: {
  templateId: string;
  sectionId: string;
  question: TQuestion;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const remove = useRemoveIncident(templateId);
  const [editing, setEditing] = useState<TIncident | 'new' | null>(null);
  const [removing, setRemoving] = useState<TIncident | null>(null);
  return (
    <Flex vertical gap={8} data-testid="incidents">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('templates.incidents.title')}
        </Typography.Title>
        {!readOnly && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-incident">
            {t('templates.incidents.add')}
          </Button>
        )}
      </Flex>
      {question.incidents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.incidents.empty')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={question.incidents}
          renderItem={(i) => (
            <List.Item
              data-testid="incident-row"
              actions={
                readOnly
                  ? []
                  : [
                      <Button
                        key="e"
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => setEditing(i)}
                        aria-label={t('templates.editItem', { name: i.name })}
                      />,
                      <Button
                        key="r"
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => setRemoving(i)}
                        aria-label={t('templates.removeItem', { name: i.name })}
                      />,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <Flex gap={8} wrap align="center">
                    {i.name} <RiskTag level={i.riskLevel} /> <Tag>{t('templates.incidents.deductionValue', { value: i.deductionPercentage })}</Tag>
                  </Flex>
                }
                description={
                  [i.description, i.tasks.length ? t('templates.incidents.tasksList', { list: i.tasks.map((task) => task.name).join(', ') }) : null]
                    .filter(Boolean)
                    .join(' · ') || undefined
                }
              />
            </List.Item>
          )}
        />
      )}
      <IncidentDialog templateId={templateId} sectionId={sectionId} questionId={question._id} incident={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('common.deleteTitle')}
        content={t('templates.removeQuestionItem', { name: removing?.name ?? '' })}
        confirmText={t('common.delete')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          remove.mutate({ sectionId, questionId: question._id, id: removing!._id });
          setRemoving(null);
        }}
      />
    </Flex>
  );
}

const NEW_INCIDENT: TIncidentInput = { name: '', description: null, riskLevel: 'medium', deductionPercentage: 0, tasks: [] };

function IncidentDialog({
  templateId,
  sectionId,
  questionId,
  incident,
  onClose,
}: {
  templateId: string;
  sectionId: string;
  questionId: string;
  incident: TIncident | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TIncidentInput>();
  const save = useSaveIncident(templateId);
  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      ...v,
      name: v.name.trim(),
      description: v.description?.trim() || null,
      tasks: (v.tasks ?? []).map((task) => ({ ...task, name: task.name.trim() })),
    };
    await save.mutateAsync({ sectionId, questionId, id: incident === 'new' ? undefined : incident?._id, body });
    onClose();
  };
  const required = { required: true, whitespace: true, message: t('form.required') };
  return (
    <Modal
      open={Boolean(incident)}
      title={incident === 'new' ? t('templates.incidents.add') : t('templates.incidents.edit')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'incident-save' }}
      destroyOnHidden
    >
      {/* Values from the first render (the content is destroyed on close): set after the opening
          animation they would wipe what was typed meanwhile. */}
      <Form form={form} name="incident" layout="vertical" preserve={false} initialValues={incident && incident !== 'new' ? incident : NEW_INCIDENT}>
        <Form.Item name="name" label={t('templates.incidents.name')} rules={[required, maxLengthRule(TEMPLATE_NAME_MAX)]}>
          <Input count={lengthCount(TEMPLATE_NAME_MAX)} />
        </Form.Item>
        <Form.Item name="description" label={t('templates.incidents.description')} rules={[maxLengthRule(TEMPLATE_TEXT_MAX)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} count={lengthCount(TEMPLATE_TEXT_MAX)} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="riskLevel"
            label={t('templates.incidents.riskLevel')}
            rules={[{ required: true, message: t('form.required') }]}
            style={{ flex: '1 1 180px' }}
          >
            <Select options={RISK_LEVELS.map((r) => ({ value: r, title: t(`templates.risk.${r}`, { defaultValue: r }), label: <RiskTag level={r} /> }))} />
          </Form.Item>
          <Form.Item
            name="deductionPercentage"
            label={t('templates.incidents.deduction')}
            rules={numberRules(BOUNDS.deductionPercentage, { required: true })}
            extra={boundHint(BOUNDS.deductionPercentage)}
            style={{ flex: '0 0 160px' }}
          >
            <NumberField suffix="%" data-testid="incident-deduction" />
          </Form.Item>
        </Flex>
        <Typography.Text strong>{t('templates.incidents.tasks')}</Typography.Text>
        <Form.List name="tasks">
          {(fields, { add, remove }) => (
            <Flex vertical gap={6} style={{ marginTop: 8 }}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="flex-start">
                  <Form.Item name={[field.name, 'name']} rules={[required, maxLengthRule(TEMPLATE_NAME_MAX)]} style={{ flex: 1, marginBottom: 0 }}>
                    <Input count={lengthCount(TEMPLATE_NAME_MAX)} aria-label={t('templates.incidents.taskOf', { n: index + 1 })} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(index)}
                    aria-label={t('templates.incidents.removeTaskOf', { n: index + 1 })}
                  />
                </Flex>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '' })} style={{ alignSelf: 'flex-start' }}>
                {t('templates.incidents.addTask')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
