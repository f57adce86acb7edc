import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useDeleteLabReport, type TLabReport } from './labDataApi';

/** Asks before deleting a report: its results and lab incidents go with it. */
export function RemoveLabReport({ report, onClose, onRemoved }: { report: TLabReport | null; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteLabReport();
  return (
    <ConfirmDialog
      open={Boolean(report)}
      title={t('labData.removeTitle', { number: report?.number ?? '' })}
      content={t('labData.removeText')}
      confirmText={t('common.delete')}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        report &&
        remove.mutate(report._id, {
          onSuccess: () => {
            onClose();
            onRemoved();
          },
        })
      }
    />
  );
}
