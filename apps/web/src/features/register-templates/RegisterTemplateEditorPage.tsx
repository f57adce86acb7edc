import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Input, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { REGISTER_NAME_MAX } from '@audit/domain/registers';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { SortableList } from '../../ui/SortableList';
import { useViewport } from '../../ui/useViewport';
import { NoSections, RegisterSectionCard } from './RegisterSectionCard';
import { RegisterTemplateFormDialog } from './RegisterTemplateFormDialog';
import { useAddSection, useMoveSection, useRegisterTemplate, useUpdateRegisterTemplate } from './registerTemplatesApi';

/** /templates/manage/register-type/:id: the header, then the sections with their fields and params, in order. */
export function RegisterTemplateEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const { id = '' } = useParams();
  const tpl = useRegisterTemplate(id);
  const update = useUpdateRegisterTemplate();
  const addSection = useAddSection();
  const moveSection = useMoveSection();
  const [editingHeader, setEditingHeader] = useState(false);
  const [newSection, setNewSection] = useState('');

  if (tpl.isPending) return <PageSkeleton rows={10} />;
  if (tpl.isError) return <ErrorState error={tpl.error} onRetry={() => void tpl.refetch()} />;
  const data = tpl.data;
  const readOnly = !data.can.update;
  const add = () => {
    const title = newSection.trim();
    if (!title) return;
    addSection.mutate({ template: data._id, title }, { onSuccess: () => setNewSection('') });
  };

  return (
    <Flex vertical gap={16} className="register-template-editor">
      <Card>
        <Flex justify="space-between" align="flex-start" gap={8} wrap>
          <Flex align="center" gap={8}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('common.back')} onClick={() => navigate('/templates/registers')} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {data.name}
            </Typography.Title>
          </Flex>
          {!readOnly && (
            <Button icon={<EditOutlined />} onClick={() => setEditingHeader(true)} data-testid="edit-header">
              {t('registerTemplates.editHeader')}
            </Button>
          )}
        </Flex>
        <Descriptions
          size="small"
          column={isMobile ? 1 : 3}
          style={{ marginTop: 12 }}
          items={[
            { key: 'title', label: t('registerTemplates.fields.title'), children: data.title },
            { key: 'category', label: t('registerTemplates.fields.category'), children: data.category?.name ?? '—' },
            { key: 'language', label: t('registerTemplates.fields.language'), children: t(`language.${data.language}`) },
            { key: 'reportType', label: t('registerTemplates.fields.reportType'), children: t(`registerTemplates.reportType.${data.reportType}`) },
            { key: 'registerType', label: t('registerTemplates.fields.registerType'), children: data.registerType ?? '—' },
            { key: 'description', label: t('registerTemplates.fields.description'), children: data.description ?? '—' },
          ]}
        />
      </Card>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('registerTemplates.sections.heading', { count: data.sections.length })}
      </Typography.Title>
      {data.sections.length === 0 ? (
        <Card>
          <NoSections />
        </Card>
      ) : (
        <SortableList
          items={data.sections}
          rowKey={(s) => s._id}
          labelOf={(s) => s.title}
          disabled={readOnly}
          gap={12}
          onMove={(s, to) => moveSection.mutate({ id: s._id, position: to })}
          render={(s, _i, handle) => <RegisterSectionCard section={s} readOnly={readOnly} handle={handle} />}
        />
      )}
      {!readOnly && (
        <Flex gap={8}>
          <Input
            value={newSection}
            maxLength={REGISTER_NAME_MAX}
            placeholder={t('registerTemplates.sections.newPlaceholder')}
            aria-label={t('registerTemplates.sections.newPlaceholder')}
            onChange={(e) => setNewSection(e.target.value)}
            onPressEnter={add}
          />
          <Button type="primary" icon={<PlusOutlined />} loading={addSection.isPending} disabled={!newSection.trim()} onClick={add}>
            {t('registerTemplates.sections.add')}
          </Button>
        </Flex>
      )}
      <RegisterTemplateFormDialog
        open={editingHeader}
        title={t('registerTemplates.editHeader')}
        initial={{
          name: data.name,
          title: data.title,
          category: data.category?._id,
          language: data.language as 'es' | 'en',
          reportType: data.reportType as 'Model_1',
          registerType: data.registerType,
          description: data.description,
        }}
        saving={update.isPending}
        onCancel={() => setEditingHeader(false)}
        onSave={async (body) => {
          await update.mutateAsync({ id: data._id, body });
          setEditingHeader(false);
        }}
      />
    </Flex>
  );
}
