import { Button, Checkbox, Divider, Flex, Popover, Radio, Tooltip, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TTableSettings, TTableSize } from './tableSettings';

export interface TColumnChoice {
  key: string;
  title: string;
  /** Columns that cannot be hidden (e.g. name, actions). */
  locked?: boolean;
}

/** Table settings menu: size big / medium / small and show or hide columns. */
export function TableSettingsMenu({
  settings,
  columns,
  onChange,
}: {
  settings: TTableSettings;
  columns: TColumnChoice[];
  onChange: (patch: Partial<TTableSettings>) => void;
}) {
  const { t } = useTranslation();
  const toggle = (key: string, visible: boolean) => onChange({ hidden: visible ? settings.hidden.filter((k) => k !== key) : [...settings.hidden, key] });
  const content = (
    <div style={{ width: 220 }} data-testid="table-settings-panel">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('list.settings.size')}
      </Typography.Text>
      <Radio.Group
        value={settings.size}
        onChange={(e) => onChange({ size: e.target.value as TTableSize })}
        optionType="button"
        buttonStyle="solid"
        size="small"
        style={{ display: 'flex', marginTop: 6 }}
        options={[
          { value: 'large', label: t('list.settings.large') },
          { value: 'middle', label: t('list.settings.middle') },
          { value: 'small', label: t('list.settings.small') },
        ]}
      />
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('list.settings.columns')}
      </Typography.Text>
      <Flex vertical gap={6} style={{ marginTop: 6 }}>
        {columns.map((column) => (
          <Checkbox
            key={column.key}
            checked={!settings.hidden.includes(column.key)}
            disabled={column.locked}
            onChange={(e) => toggle(column.key, e.target.checked)}
          >
            {column.title}
          </Checkbox>
        ))}
      </Flex>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('list.settings.title')}>
      <Tooltip title={t('list.settings.title')}>
        <Button icon={<SettingOutlined />} aria-label={t('list.settings.title')} data-testid="table-settings" />
      </Tooltip>
    </Popover>
  );
}
