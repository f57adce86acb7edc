import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button, Checkbox, Collapse, Flex, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FieldList } from './FieldList';
import { QuestionList } from './QuestionList';
import { useRemoveSection, useUpdateSection } from './sectionsApi';
import type { TSection } from './templatesApi';

export const SECTION_COLORS: Record<string, string> = { DATA: 'geekblue', QUESTION: 'green', CONTACTS: 'purple' };

/** One section as a collapsible panel: inline title, type badge, duplicable flag, delete; its fields or questions inside. */
export function SectionPanel({
  templateId,
  section,
  handle,
  readOnly,
  isPoolService,
}: {
  templateId: string;
  section: TSection;
  handle: ReactNode;
  readOnly: boolean;
  /** The template's service counts pools: the pool contact fields are offered. */
  isPoolService: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateSection(templateId);
  const remove = useRemoveSection(templateId);
  const [confirming, setConfirming] = useState(false);
  const count =
    section.type === 'QUESTION'
      ? t('templates.questions.count', { count: section.questions.length })
      : t('templates.fields.count', { count: section.fields.length });

  // A click on the header (title, badge, count) opens or closes the panel, as anywhere else on it; only
  // the rename pencil and the title being edited keep their clicks and keys (typing a space in the title
  // must not toggle the panel).
  const ownEvent = (e: SyntheticEvent) => {
    if ((e.target as HTMLElement).closest('.ant-typography-edit, .ant-typography-edit-content, textarea, input')) e.stopPropagation();
  };
  const header = (
    <Flex align="center" gap={8} wrap style={{ minWidth: 0 }} onClick={ownEvent} onKeyDown={ownEvent}>
      <Typography.Text
        strong
        style={{ margin: 0, minWidth: 120 }}
        editable={
          readOnly
            ? false
            : {
                triggerType: ['icon'],
                tooltip: t('templates.sections.rename'),
                text: section.title,
                onChange: (title) => {
                  if (title.trim() && title.trim() !== section.title) update.mutate({ id: section._id, title });
                },
              }
        }
        data-testid="section-title"
      >
        {section.title}
      </Typography.Text>
      <Tag color={SECTION_COLORS[section.type]}>{t(`templates.sectionType.${section.type}`)}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {count}
      </Typography.Text>
    </Flex>
  );

  const extra = (
    <Flex gap={4} align="center" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Checkbox checked={section.duplicable} disabled={readOnly} onChange={(e) => update.mutate({ id: section._id, duplicable: e.target.checked })}>
        {t('templates.sections.duplicable')}
      </Checkbox>
      {!readOnly && (
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
      )}
    </Flex>
  );

  return (
    <>
      <Collapse
        className="section-panel"
        data-testid="section-panel"
        items={[
          {
            key: section._id,
            label: (
              <Flex align="center" gap={8}>
                {handle}
                {header}
              </Flex>
            ),
            extra,
            children:
              section.type === 'QUESTION' ? (
                <QuestionList templateId={templateId} section={section} readOnly={readOnly} />
              ) : (
                <FieldList templateId={templateId} section={section} readOnly={readOnly} isPoolService={isPoolService} />
              ),
          },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        title={t('templates.sections.removeTitle')}
        content={t('templates.sections.removeQuestion', { name: section.title })}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(section._id, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
