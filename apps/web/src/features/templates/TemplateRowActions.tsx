import { Button, Dropdown, type MenuProps } from 'antd';
import { CheckCircleOutlined, CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TTemplateSummary } from './templatesApi';

export interface TTemplateActionHandlers {
  onEdit: (tpl: TTemplateSummary) => void;
  onDuplicate: (tpl: TTemplateSummary) => void;
  onEnabled: (tpl: TTemplateSummary, enabled: boolean) => void;
  onRemove: (tpl: TTemplateSummary) => void;
}

/** Row actions of a template: edit, duplicate, enable/disable, delete. */
export function TemplateRowActions({ tpl, handlers }: { tpl: TTemplateSummary; handlers: TTemplateActionHandlers }) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    tpl.can.update ? { key: 'edit', icon: <EditOutlined />, label: t('common.edit') } : { key: 'edit', icon: <EyeOutlined />, label: t('templates.view') },
    ...(tpl.can.duplicate ? [{ key: 'duplicate', icon: <CopyOutlined />, label: t('common.duplicate') }] : []),
    // Only what the user may do with this template (the server says so in `can`).
    ...(tpl.can.update
      ? [
          tpl.enabled
            ? { key: 'disable', icon: <StopOutlined />, label: t('templates.disable') }
            : { key: 'enable', icon: <CheckCircleOutlined />, label: t('templates.enable') },
        ]
      : []),
    ...(tpl.can.delete ? [{ type: 'divider' as const }, { key: 'remove', icon: <DeleteOutlined />, label: t('common.delete'), danger: true }] : []),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'edit') handlers.onEdit(tpl);
    else if (key === 'duplicate') handlers.onDuplicate(tpl);
    else if (key === 'enable' || key === 'disable') handlers.onEnabled(tpl, key === 'enable');
    else if (key === 'remove') handlers.onRemove(tpl);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<MoreOutlined />} aria-label={t('templates.actionsOf', { name: tpl.name })} data-testid="row-actions" />
    </Dropdown>
  );
}
