import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, Flex, Input, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REGISTER_NAME_MAX } from '@audit/domain/registers';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SortableList } from '../../ui/SortableList';
import { limitsText } from './limits';
import { RegisterItemDialog } from './RegisterItemDialog';
import {
  useMoveItem,
  useRemoveItem,
  useRemoveSection,
  useRenameSection,
  useSaveItem,
  type TItemKind,
  type TRegisterItem,
  type TRegisterSection,
} from './registerTemplatesApi';

interface TProps {
  section: TRegisterSection;
  readOnly: boolean;
  /** The section's drag handle and move buttons (from the list of sections). */
  handle: ReactNode;
}

/** One section: its title (renamed in place), its fields and its params, each added, edited, removed and ordered. */
export function RegisterSectionCard({ section, readOnly, handle }: TProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState<string | null>(null);
  const [removingSection, setRemovingSection] = useState(false);
  const [editing, setEditing] = useState<{ kind: TItemKind; item: TRegisterItem | null } | null>(null);
  const [removingItem, setRemovingItem] = useState<TRegisterItem | null>(null);
  const rename = useRenameSection();
  const removeSection = useRemoveSection();
  const save = useSaveItem();
  const removeItem = useRemoveItem();
  const move = useMoveItem();

  const saveTitle = () => {
    const next = title?.trim();
    if (next && next !== section.title) rename.mutate({ id: section._id, title: next });
    setTitle(null);
  };

  const header =
    title === null ? (
      <Flex align="center" gap={8} wrap>
        {handle}
        <Typography.Text strong>{section.title}</Typography.Text>
      </Flex>
    ) : (
      <Input
        autoFocus
        value={title}
        maxLength={REGISTER_NAME_MAX}
        aria-label={t('registerTemplates.sections.title')}
        onChange={(e) => setTitle(e.target.value)}
        onPressEnter={saveTitle}
        onBlur={saveTitle}
        onKeyDown={(e) => e.key === 'Escape' && setTitle(null)}
      />
    );

  const items = (kind: TItemKind, list: TRegisterItem[]) => (
    <Flex vertical gap={6} data-testid={`section-${kind}s`}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t(`registerTemplates.items.${kind}s`)}</Typography.Text>
        {!readOnly && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ kind, item: null })}>
            {t(`registerTemplates.items.add.${kind}`)}
          </Button>
        )}
      </Flex>
      {list.length === 0 ? (
        <Typography.Text type="secondary" italic>
          {t(`registerTemplates.items.none.${kind}`)}
        </Typography.Text>
      ) : (
        <SortableList
          items={list}
          rowKey={(i) => i._id}
          labelOf={(i) => i.name}
          disabled={readOnly}
          gap={4}
          onMove={(i, to) => move.mutate({ section: section._id, kind, id: i._id, position: to })}
          render={(i, _index, itemHandle) => (
            <ItemRow item={i} handle={itemHandle} readOnly={readOnly} onEdit={() => setEditing({ kind, item: i })} onRemove={() => setRemovingItem(i)} />
          )}
        />
      )}
    </Flex>
  );

  return (
    <Card
      size="small"
      title={header}
      data-testid="register-section"
      extra={
        !readOnly &&
        title === null && (
          <Flex gap={2}>
            <Tooltip title={t('registerTemplates.sections.rename')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('registerTemplates.sections.renameOf', { name: section.title })}
                onClick={() => setTitle(section.title)}
              />
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('registerTemplates.sections.removeOf', { name: section.title })}
                onClick={() => setRemovingSection(true)}
              />
            </Tooltip>
          </Flex>
        )
      }
    >
      <Flex vertical gap={12}>
        {items('field', section.fields)}
        {items('param', section.params)}
      </Flex>
      <RegisterItemDialog
        open={Boolean(editing)}
        kind={editing?.kind ?? 'param'}
        item={editing?.item}
        saving={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={async (body) => {
          await save.mutateAsync({ section: section._id, kind: editing!.kind, id: editing!.item?._id, body });
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={removingSection}
        title={t('registerTemplates.sections.removeTitle')}
        content={t('registerTemplates.sections.removeQuestion', { name: section.title, count: section.fields.length + section.params.length })}
        confirmText={t('common.delete')}
        loading={removeSection.isPending}
        onCancel={() => setRemovingSection(false)}
        onConfirm={() => removeSection.mutate(section._id, { onSettled: () => setRemovingSection(false) })}
      />
      <ConfirmDialog
        open={Boolean(removingItem)}
        title={t('registerTemplates.items.removeTitle')}
        content={t('registerTemplates.items.removeQuestion', { name: removingItem?.name ?? '' })}
        confirmText={t('common.delete')}
        loading={removeItem.isPending}
        onCancel={() => setRemovingItem(null)}
        onConfirm={() =>
          removeItem.mutate({ section: section._id, kind: removingItem!.type, id: removingItem!._id }, { onSettled: () => setRemovingItem(null) })
        }
      />
    </Card>
  );
}

function ItemRow({
  item,
  handle,
  readOnly,
  onEdit,
  onRemove,
}: {
  item: TRegisterItem;
  handle: ReactNode;
  readOnly: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const limits = limitsText(t, i18n.language, item);
  return (
    <Flex align="center" gap={8} wrap className="register-item" data-testid="register-item">
      {handle}
      <Flex vertical style={{ flex: 1, minWidth: 140 }}>
        <Typography.Text>
          {item.name}
          {item.required && <Typography.Text type="danger"> *</Typography.Text>}
        </Typography.Text>
        <Flex gap={4} wrap>
          <Tag>{t(`registerTemplates.fieldType.${item.fieldType}`)}</Tag>
          {limits && <Tag color="blue">{limits}</Tag>}
          {item.fieldType === 'select' && item.selectOption && <Typography.Text type="secondary">{item.selectOption}</Typography.Text>}
        </Flex>
      </Flex>
      {!readOnly && (
        <Flex gap={2}>
          <Tooltip title={t('common.edit')}>
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('registerTemplates.items.editOf', { name: item.name })} onClick={onEdit} />
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('registerTemplates.items.removeOf', { name: item.name })}
              onClick={onRemove}
            />
          </Tooltip>
        </Flex>
      )}
    </Flex>
  );
}

export const NoSections = () => {
  const { t } = useTranslation();
  return <Empty description={t('registerTemplates.sections.empty')} />;
};
