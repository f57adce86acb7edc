import { useState } from 'react';
import { Descriptions, Flex, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@audit/domain/constants';
import { useNavigate } from 'react-router-dom';
import { DetailHeader } from '../../ui/DetailHeader';
import { TemplateFormDialog } from './TemplateFormDialog';
import { useDuplicateTemplate, useRemoveTemplate, useSetEnabled, useUpdateTemplate, type TTemplate } from './templatesApi';

/** The editor's header: name, description and references; edit, enabled switch, duplicate, delete. */
export function TemplateHeader({ tpl }: { tpl: TTemplate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const update = useUpdateTemplate();
  const duplicate = useDuplicateTemplate();
  const remove = useRemoveTemplate();
  const setEnabled = useSetEnabled();
  const dash = <Typography.Text type="secondary">{t('templates.none')}</Typography.Text>;

  return (
    <>
      <DetailHeader
        mode="view"
        onBack={() => navigate('/templates')}
        title={tpl.name}
        subtitle={
          <Flex gap={8} align="center" component="span" wrap>
            <Switch
              checked={tpl.enabled}
              disabled={!tpl.can.update}
              loading={setEnabled.isPending}
              onChange={(enabled) => setEnabled.mutate({ id: tpl._id, enabled })}
              aria-label={t('templates.fields.enabled')}
              data-testid="template-enabled"
            />
            <span>{tpl.enabled ? t('templates.enabled') : t('templates.disabled')}</span>
          </Flex>
        }
        onEdit={tpl.can.update ? () => setEditing(true) : undefined}
        onDuplicate={tpl.can.duplicate ? () => duplicate.mutate(tpl._id, { onSuccess: (copy) => navigate(`/templates/${copy._id}`) }) : undefined}
        onDelete={tpl.can.delete ? () => remove.mutate(tpl._id, { onSuccess: () => navigate('/templates') }) : undefined}
        deleting={remove.isPending}
        deleteQuestion={t('templates.removeQuestion', { name: tpl.name })}
      />
      <Descriptions
        size="small"
        style={{ marginTop: 16 }}
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'description', label: t('templates.fields.description'), span: 'filled', children: tpl.description || dash },
          { key: 'language', label: t('templates.fields.language'), children: t(`language.${tpl.language}`, { defaultValue: tpl.language }) },
          { key: 'service', label: t('templates.fields.service'), children: tpl.service?.name ?? <Tag color="warning">{t('templates.missing')}</Tag> },
          { key: 'areaAccess', label: t('templates.fields.areaAccess'), children: tpl.areaAccess?.name ?? <Tag color="warning">{t('templates.missing')}</Tag> },
          {
            key: 'category',
            label: t('templates.fields.category'),
            children: tpl.category ? <Tag color={tpl.category.color ?? undefined}>{tpl.category.name}</Tag> : dash,
          },
        ]}
      />
      <TemplateFormDialog
        open={editing}
        title={t('templates.editTitle')}
        initial={{
          name: tpl.name,
          description: tpl.description ?? '',
          // The server stores one of LANGUAGES (its body's enum); the form takes that type.
          language: LANGUAGES.find((l) => l === tpl.language) ?? DEFAULT_LANGUAGE,
          service: tpl.service?._id ?? null,
          areaAccess: tpl.areaAccess?._id ?? null,
          category: tpl.category?._id ?? null,
        }}
        saving={update.isPending}
        onCancel={() => setEditing(false)}
        onSave={async (body) => {
          await update.mutateAsync({ id: tpl._id, body });
          setEditing(false);
        }}
      />
    </>
  );
}
