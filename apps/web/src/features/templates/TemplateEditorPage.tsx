import './templates.css';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { IeSectionsEditor } from './IeSectionsEditor';
import { SectionsEditor } from './SectionsEditor';
import { TemplateHeader } from './TemplateHeader';
import { useTemplate } from './templatesApi';

/** /templates/:id: the header and the tree (sections in order; the IE questionnaire in its own tab). */
export function TemplateEditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tpl = useTemplate(id);
  if (tpl.isPending) return <PageSkeleton rows={10} />;
  if (tpl.isError) return <ErrorState error={tpl.error} onRetry={() => void tpl.refetch()} />;
  const readOnly = !tpl.data.can.update;
  return (
    <Card className="template-editor">
      <TemplateHeader tpl={tpl.data} />
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'sections',
            label: t('templates.sections.tab', { count: tpl.data.sections.length }),
            children: <SectionsEditor tpl={tpl.data} readOnly={readOnly} />,
          },
          { key: 'ie', label: t('templates.ie.tab', { count: tpl.data.ieSections.length }), children: <IeSectionsEditor tpl={tpl.data} readOnly={readOnly} /> },
        ]}
      />
    </Card>
  );
}
