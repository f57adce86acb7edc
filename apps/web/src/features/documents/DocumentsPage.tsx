import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentSpace } from '../../session/space';
import { DocumentsBrowser } from './DocumentsBrowser';

/** /documentation: the documents of every space the user sees; folders are made in the user's own client or establishment. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const space = useCurrentSpace().data;
  const own = space && (space.typeStructure === 'STRUCTURE' || space.typeStructure === 'ESTABLISHMENT') ? space._id : undefined;
  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={3}>{t('documents.title')}</Typography.Title>
      <DocumentsBrowser folderSpace={own} />
    </div>
  );
}
