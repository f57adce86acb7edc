import { Button, Dropdown, type MenuProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '../../ui/ListPage';
import type { TRegisterTemplateRow } from './registerTemplatesApi';

export interface TRowHandlers {
  onEdit: (tpl: TRegisterTemplateRow) => void;
  onDuplicate: (tpl: TRegisterTemplateRow) => void;
  /** Moves the template one place up (-1) or down (+1) in its space's list. */
  onMove: (tpl: TRegisterTemplateRow, by: -1 | 1) => void;
  onRemove: (tpl: TRegisterTemplateRow) => void;
}

/** Row actions: open (edit or view), duplicate, move up/down, delete: only what `can` allows. */
export function RowActions({ tpl, handlers, first, last }: { tpl: TRegisterTemplateRow; handlers: TRowHandlers; first: boolean; last: boolean }) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    tpl.can.update
      ? { key: 'edit', icon: <EditOutlined />, label: t('common.edit') }
      : { key: 'edit', icon: <EyeOutlined />, label: t('registerTemplates.view') },
    ...(tpl.can.duplicate ? [{ key: 'duplicate', icon: <CopyOutlined />, label: t('common.duplicate') }] : []),
    ...(tpl.can.update
      ? [
          { key: 'up', icon: <ArrowUpOutlined />, label: t('sortable.moveUp'), disabled: first },
          { key: 'down', icon: <ArrowDownOutlined />, label: t('sortable.moveDown'), disabled: last },
        ]
      : []),
    ...(tpl.can.delete ? [{ type: 'divider' as const }, { key: 'remove', icon: <DeleteOutlined />, label: t('common.delete'), danger: true }] : []),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'edit') handlers.onEdit(tpl);
    else if (key === 'duplicate') handlers.onDuplicate(tpl);
    else if (key === 'up' || key === 'down') handlers.onMove(tpl, key === 'up' ? -1 : 1);
    else if (key === 'remove') handlers.onRemove(tpl);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<MoreOutlined />} aria-label={t('registerTemplates.actionsOf', { name: tpl.name })} data-testid="row-actions" />
    </Dropdown>
  );
}

/** `total`: how many templates the list has (the last one cannot move down). */
export function templateColumns(t: TFunction, handlers: TRowHandlers, total: number): TListColumn<TRegisterTemplateRow>[] {
  return [
    { key: 'order', title: t('registerTemplates.fields.order'), width: 64, render: (_, r) => r.order + 1 },
    { key: 'name', title: t('registerTemplates.fields.name'), locked: true, render: (_, r) => <strong>{r.name}</strong> },
    { key: 'title', title: t('registerTemplates.fields.title'), render: (_, r) => r.title },
    { key: 'category', title: t('registerTemplates.fields.category'), render: (_, r) => r.category?.name ?? '—' },
    { key: 'language', title: t('registerTemplates.fields.language'), render: (_, r) => t(`language.${r.language}`) },
    { key: 'reportType', title: t('registerTemplates.fields.reportType'), render: (_, r) => t(`registerTemplates.reportType.${r.reportType}`) },
    {
      key: 'actions',
      title: t('registerTemplates.actions'),
      locked: true,
      fixed: 'right',
      align: 'center',
      width: 72,
      render: (_, r) => <RowActions tpl={r} handlers={handlers} first={r.order === 0} last={r.order >= total - 1} />,
    },
  ];
}
