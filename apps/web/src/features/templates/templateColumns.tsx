import { Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { TListColumn } from '../../ui/ListPage';
import { TemplateRowActions, type TTemplateActionHandlers } from './TemplateRowActions';
import type { TTemplateSummary } from './templatesApi';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** "1 sección · 3 preguntas": each count with its own plural (one message with two counts cannot agree with both). */
export const templateContent = (t: TFunction, tpl: Pick<TTemplateSummary, 'sectionsCount' | 'questionsCount'>) =>
  `${t('templates.sectionsCount', { count: tpl.sectionsCount })} · ${t('templates.questions.count', { count: tpl.questionsCount })}`;

/** `pinActions` keeps the enabled switch and the actions at the right edge while the other columns scroll. */
export function templateColumns(t: TFunction, handlers: TTemplateActionHandlers, { pinActions = false } = {}): TListColumn<TTemplateSummary>[] {
  const pinned = pinActions ? ('right' as const) : undefined;
  return [
    {
      key: 'name',
      title: t('templates.fields.name'),
      locked: true,
      render: (_, tpl) => (
        <div style={{ minWidth: 180, maxWidth: 300 }}>
          <Link to={`/templates/${tpl._id}`}>{tpl.name}</Link>
          {tpl.description && (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0, fontSize: 12 }}>
              {tpl.description}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    {
      key: 'category',
      title: t('templates.fields.category'),
      render: (_, tpl) => (tpl.category ? <Tag color={tpl.category.color ?? undefined}>{tpl.category.name}</Tag> : dash),
    },
    { key: 'service', title: t('templates.fields.service'), render: (_, tpl) => tpl.service?.name ?? dash },
    { key: 'areaAccess', title: t('templates.fields.areaAccess'), render: (_, tpl) => tpl.areaAccess?.name ?? dash },
    { key: 'language', title: t('templates.fields.language'), render: (_, tpl) => t(`language.${tpl.language}`, { defaultValue: tpl.language }) },
    {
      key: 'content',
      title: t('templates.fields.content'),
      render: (_, tpl) => templateContent(t, tpl),
    },
    {
      key: 'enabled',
      title: t('templates.fields.enabled'),
      fixed: pinned,
      align: 'center',
      render: (_, tpl) => (
        <Tooltip title={tpl.enabled ? t('templates.enabled') : t('templates.disabled')}>
          <Switch
            size="small"
            checked={tpl.enabled}
            disabled={!tpl.can.update}
            onChange={(on) => handlers.onEnabled(tpl, on)}
            aria-label={t('templates.enabledOf', { name: tpl.name })}
          />
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: t('templates.actions'),
      locked: true,
      fixed: pinned,
      align: 'right',
      render: (_, tpl) => (
        <Flex justify="end">
          <TemplateRowActions tpl={tpl} handlers={handlers} />
        </Flex>
      ),
    },
  ];
}
