import { useEffect, useState } from 'react';
import { Button, Collapse, Empty, Flex, Input, Modal, Radio, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IE_QUESTION_TYPES, TEMPLATE_NAME_MAX, TEMPLATE_TEXT_MAX } from '@audit/domain/templates';

type TIeQuestionType = (typeof IE_QUESTION_TYPES)[number];
/** A stored question's answer type (one of IE_QUESTION_TYPES: the server takes only those). */
const ieTypeOf = (type: string): TIeQuestionType => IE_QUESTION_TYPES.find((v) => v === type) ?? 'SIMPLE';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  useAddIeSection,
  useMoveIeQuestion,
  useMoveIeSection,
  useRemoveIeQuestion,
  useRemoveIeSection,
  useSaveIeQuestion,
  useUpdateIeSection,
} from './sectionsApi';
import { SortableList } from '../../ui/SortableList';
import { lengthCount } from '../../ui/NumberField';
import type { TIeQuestion, TIeSection, TTemplate } from './templatesApi';

/** The incident-and-emergency questionnaire: its sections and their SIMPLE or PARAGRAPH questions. */
export function IeSectionsEditor({ tpl, readOnly }: { tpl: TTemplate; readOnly: boolean }) {
  const { t } = useTranslation();
  const move = useMoveIeSection(tpl._id);
  const add = useAddIeSection(tpl._id);
  const [title, setTitle] = useState('');
  const tooLong = title.length > TEMPLATE_NAME_MAX;
  const submit = () => title.trim() && !tooLong && add.mutate(title.trim(), { onSuccess: () => setTitle('') });
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('templates.ie.hint')}
      </Typography.Paragraph>
      {tpl.ieSections.length === 0 && <Empty description={t('templates.ie.empty')} />}
      <SortableList
        items={tpl.ieSections}
        rowKey={(s) => s._id}
        labelOf={(s) => s.title}
        disabled={readOnly}
        onMove={(s, position) => move.mutate({ id: s._id, position })}
        render={(section, _i, handle) => <IeSectionPanel templateId={tpl._id} section={section} handle={handle} readOnly={readOnly} />}
      />
      {!readOnly && (
        <Flex gap={8} wrap>
          <Input
            style={{ flex: '1 1 240px' }}
            value={title}
            count={lengthCount(TEMPLATE_NAME_MAX)}
            status={tooLong ? 'error' : undefined}
            placeholder={t('templates.ie.newTitle')}
            aria-label={t('templates.ie.newTitle')}
            onChange={(e) => setTitle(e.target.value)}
            onPressEnter={submit}
          />
          <Button type="primary" icon={<PlusOutlined />} disabled={!title.trim() || tooLong} loading={add.isPending} onClick={submit}>
            {t('templates.ie.add')}
          </Button>
          {tooLong && (
            <Typography.Text type="danger" style={{ flexBasis: '100%' }} role="alert">
              {t('form.tooLong', { max: TEMPLATE_NAME_MAX, count: title.length })}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}

function IeSectionPanel({ templateId, section, handle, readOnly }: { templateId: string; section: TIeSection; handle: React.ReactNode; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateIeSection(templateId);
  const remove = useRemoveIeSection(templateId);
  const moveQuestion = useMoveIeQuestion(templateId);
  const removeQuestion = useRemoveIeQuestion(templateId);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState<TIeQuestion | 'new' | null>(null);
  const stop = { onClick: (e: React.SyntheticEvent) => e.stopPropagation(), onKeyDown: (e: React.SyntheticEvent) => e.stopPropagation() };
  const ownEvent = (e: React.SyntheticEvent) => {
    if ((e.target as HTMLElement).closest('.ant-typography-edit, .ant-typography-edit-content, textarea, input')) e.stopPropagation();
  };
  const label = (
    <Flex align="center" gap={8} wrap>
      {handle}
      {/* As in the template's sections: the title opens the panel, the pencil renames. */}
      <span onClick={ownEvent} onKeyDown={ownEvent}>
        <Typography.Text
          strong
          editable={
            readOnly
              ? false
              : {
                  triggerType: ['icon'],
                  text: section.title,
                  onChange: (title) => title.trim() && title.trim() !== section.title && update.mutate({ id: section._id, title }),
                }
          }
        >
          {section.title}
        </Typography.Text>
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('templates.questions.count', { count: section.questions.length })}
      </Typography.Text>
    </Flex>
  );
  const extra = !readOnly && (
    <span {...stop}>
      <Tooltip title={t('templates.sections.remove')}>
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          onClick={() => setConfirming(true)}
          aria-label={t('templates.sections.removeItem', { name: section.title })}
        />
      </Tooltip>
    </span>
  );
  const body = (
    <Flex vertical gap={6}>
      {section.questions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.questions.empty')} />}
      <SortableList
        items={section.questions}
        rowKey={(q) => q._id}
        labelOf={(q) => q.question}
        disabled={readOnly}
        gap={4}
        onMove={(q, position) => moveQuestion.mutate({ sectionId: section._id, id: q._id, position })}
        render={(q, _i, qHandle) => (
          <Flex className="tree-row" align="center" gap={8} data-testid="ie-question-row">
            {qHandle}
            <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis={{ tooltip: q.question }}>
              {q.question}
            </Typography.Text>
            <Tag>{t(`templates.ieType.${q.type}`, { defaultValue: q.type })}</Tag>
            {!readOnly && (
              <>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(q)}
                  aria-label={t('templates.editItem', { name: q.question })}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => removeQuestion.mutate({ sectionId: section._id, id: q._id })}
                  aria-label={t('templates.removeItem', { name: q.question })}
                />
              </>
            )}
          </Flex>
        )}
      />
      {!readOnly && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ alignSelf: 'flex-start' }}>
          {t('templates.questions.add')}
        </Button>
      )}
      <IeQuestionDialog templateId={templateId} sectionId={section._id} question={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
  return (
    <>
      <Collapse className="section-panel" items={[{ key: section._id, label, extra, children: body }]} />
      <ConfirmDialog
        open={confirming}
        title={t('templates.sections.removeTitle')}
        content={t('templates.sections.removeQuestion', { name: section.title })}
        confirmText={t('common.delete')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          remove.mutate(section._id);
          setConfirming(false);
        }}
      />
    </>
  );
}

function IeQuestionDialog({
  templateId,
  sectionId,
  question,
  onClose,
}: {
  templateId: string;
  sectionId: string;
  question: TIeQuestion | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveIeQuestion(templateId);
  const [text, setText] = useState('');
  const [type, setType] = useState<TIeQuestionType>('SIMPLE');
  // Filled when a question opens (not after the opening animation, which would wipe early typing).
  const openKey = question === 'new' ? 'new' : (question?._id ?? null);
  useEffect(() => {
    if (!openKey) return;
    setText(question && question !== 'new' ? question.question : '');
    setType(question && question !== 'new' ? ieTypeOf(question.type) : 'SIMPLE');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openKey]);
  const submit = () =>
    text.trim() &&
    save.mutate({ sectionId, id: question === 'new' ? undefined : question?._id, body: { question: text.trim(), type } }, { onSuccess: onClose });
  return (
    <Modal
      open={Boolean(question)}
      title={question === 'new' ? t('templates.questions.add') : t('templates.questions.edit')}
      onOk={submit}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !text.trim() || text.length > TEMPLATE_TEXT_MAX }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          count={lengthCount(TEMPLATE_TEXT_MAX)}
          status={text.length > TEMPLATE_TEXT_MAX ? 'error' : undefined}
          autoSize={{ minRows: 2, maxRows: 5 }}
          aria-label={t('templates.questions.label')}
          placeholder={t('templates.questions.label')}
        />
        <Radio.Group
          value={type}
          onChange={(e) => setType(ieTypeOf(String(e.target.value)))}
          options={IE_QUESTION_TYPES.map((v) => ({ value: v, label: t(`templates.ieType.${v}`) }))}
        />
      </Flex>
    </Modal>
  );
}
