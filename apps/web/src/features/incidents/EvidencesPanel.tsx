import { useState } from 'react';
import { Button, Empty, Flex, Image } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PhotoButton } from './PhotoButton';
import { useAddPhoto, useRemovePhoto, type TIncidentFull } from './incidentsApi';

/** The incident's own photos (an action's photos are shown with the action). */
export function EvidencesPanel({ incident }: { incident: TIncidentFull }) {
  const { t } = useTranslation();
  const add = useAddPhoto(incident._id);
  const remove = useRemovePhoto(incident._id);
  const [removing, setRemoving] = useState<string | null>(null);
  const photos = incident.evidences.filter((e) => !e.taskId);
  return (
    <Flex vertical gap={12}>
      {photos.length === 0 && <Empty description={t('incidents.noEvidences')} />}
      <Image.PreviewGroup>
        <Flex gap={8} wrap>
          {photos.map((e) => (
            <div key={e._id} style={{ position: 'relative' }}>
              <Image src={e.url} width={120} height={120} style={{ objectFit: 'cover', borderRadius: 8 }} alt={e.observation ?? incident.name} />
              {e.annotatedFileId && (
                <a href={e.originalUrl} target="_blank" rel="noreferrer" style={{ display: 'block', fontSize: 12 }} data-testid="evidence-original">
                  {t('incidents.annotate.original')}
                </a>
              )}
              {incident.can.update && (
                <Button
                  size="small"
                  danger
                  shape="circle"
                  icon={<DeleteOutlined />}
                  aria-label={t('common.delete')}
                  onClick={() => setRemoving(e._id)}
                  style={{ position: 'absolute', top: 4, right: 4 }}
                />
              )}
            </div>
          ))}
        </Flex>
      </Image.PreviewGroup>
      {incident.can.update && <PhotoButton loading={add.isPending} onPhoto={(photo) => add.mutate({ photo })} testId="evidence-photo" />}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('incidents.removePhotoTitle')}
        content={t('common.deleteQuestion')}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!, { onSettled: () => setRemoving(null) })}
      />
    </Flex>
  );
}
