import { useState } from 'react';
import { Badge, Button, Empty, Flex, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { QuestionDrawer } from './QuestionDrawer';
import { useMoveQuestion, useRemoveQuestion } from './sectionsApi';
import { SortableList } from '../../ui/SortableList';
import type { TQuestion, TSection } from './templatesApi';

/** The questions of a QUESTION section in order: type and label; add or edit in a drawer, remove, reorder. */
export function QuestionList({ templateId, section, readOnly }: { templateId: string; section: TSection; readOnly: boolean }) {
  const { t } = useTranslation();
  const move = useMoveQuestion(templateId);
  const remove = useRemoveQuestion(templateId);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [removing, setRemoving] = useState<TQuestion | null>(null);
  // The drawer reads the question from the cached tree, so it follows every saved change.
  const open = editing === 'new' ? 'new' : (section.questions.find((q) => q._id === editing) ?? null);
  return (
    <Flex vertical gap={8}>
      {section.questions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.questions.empty')} />}
      <SortableList
        items={section.questions}
        rowKey={(q) => q._id}
        labelOf={(q) => q.name}
        disabled={readOnly}
        gap={4}
        onMove={(q, position) => move.mutate({ sectionId: section._id, id: q._id, position })}
        render={(q, index, handle) => (
          // Two groups: on a narrow screen the badges and buttons wrap under the question instead of squeezing its text away.
          <Flex className="tree-row" align="center" gap={8} wrap data-testid="question-row">
            <Flex align="center" gap={8} style={{ flex: '1 1 260px', minWidth: 0 }}>
              {handle}
              <Typography.Text type="secondary" style={{ width: 24, textAlign: 'right', flex: 'none' }}>
                {index + 1}.
              </Typography.Text>
              <Typography.Text style={{ flex: '1 1 auto', minWidth: 0 }} ellipsis={{ tooltip: q.name }} data-testid="question-name">
                {q.name}
              </Typography.Text>
            </Flex>
            <Flex align="center" gap={8} style={{ marginInlineStart: 'auto' }}>
              <Tag color="cyan">{t(`templates.questionType.${q.type}`, { defaultValue: q.type })}</Tag>
              {q.maxScore > 0 && <Tag>{t('templates.questions.maxScore', { score: q.maxScore })}</Tag>}
              {q.incidents.length > 0 && <Badge count={q.incidents.length} color="#d4380d" title={t('templates.incidents.title')} />}
              {!readOnly ? (
                <>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setEditing(q._id)}
                    aria-label={t('templates.editItem', { name: q.name })}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => setRemoving(q)}
                    aria-label={t('templates.removeItem', { name: q.name })}
                  />
                </>
              ) : (
                <Button type="text" size="small" onClick={() => setEditing(q._id)}>
                  {t('templates.view')}
                </Button>
              )}
            </Flex>
          </Flex>
        )}
      />
      {!readOnly && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ alignSelf: 'flex-start' }} data-testid="add-question">
          {t('templates.questions.add')}
        </Button>
      )}
      <QuestionDrawer
        templateId={templateId}
        sectionId={section._id}
        question={open}
        readOnly={readOnly}
        onCreated={(id) => setEditing(id)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('common.deleteTitle')}
        content={t('templates.removeQuestionItem', { name: removing?.name ?? '' })}
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
