import { Button, Flex, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TRegisterItemOut } from '@audit/domain/registers';
import { valueText } from './logFormat';
import type { TConflict } from './useTakeSave';

interface TProps {
  conflict: TConflict | null;
  facilities: Map<string, string>;
  params: Map<string, TRegisterItemOut>;
  saving: boolean;
  onOverwrite: () => void;
  onRecover: () => void;
  onCancel: () => void;
}

/** The take is already stored (422): overwrite it, recover the stored values into the form, or cancel. */
export function ConflictDialog({ conflict, facilities, params, saving, onOverwrite, onRecover, onCancel }: TProps) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={Boolean(conflict)}
      title={t('registerLogs.conflict.title')}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Flex gap={8} wrap justify="end">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button onClick={onRecover}>{t('registerLogs.conflict.recover')}</Button>
          <Button type="primary" danger loading={saving} onClick={onOverwrite}>
            {t('registerLogs.conflict.overwrite')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>{t('registerLogs.conflict.text')}</Typography.Paragraph>
      <List
        size="small"
        dataSource={conflict?.stored ?? []}
        renderItem={(e) => (
          <List.Item>
            <strong>{facilities.get(e.facility) ?? ''}</strong>:{' '}
            {e.completed
              ? t('registerLogs.cell.completedByHand')
              : e.values
                  .map((v) => valueText(params.get(v.param), v.value, i18n.language))
                  .filter(Boolean)
                  .join(' · ')}
            {e.enteredBy?.name ? ` (${e.enteredBy.name})` : ''}
          </List.Item>
        )}
      />
    </Modal>
  );
}
