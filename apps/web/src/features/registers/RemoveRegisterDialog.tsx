import { useState } from 'react';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { isError } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyError } from '../../ui/feedback';
import { useRemoveRegister, type TRegister } from './registersApi';

/**
 * Deleting a register: asked first; a register with logs answers 420 and the dialog turns into the
 * reference warning (every reading goes with it), which deletes with `force` only when confirmed again.
 */
export function RemoveRegisterDialog({ register, onClose, onRemoved }: { register: TRegister | null; onClose: () => void; onRemoved?: () => void }) {
  const { t } = useTranslation();
  const [withLogs, setWithLogs] = useState(false);
  const remove = useRemoveRegister();
  const close = () => {
    setWithLogs(false);
    onClose();
  };
  return (
    <ConfirmDialog
      open={Boolean(register)}
      title={t('registers.removeTitle')}
      content={
        <Flex vertical gap={8}>
          <span>{t('registers.removeQuestion', { name: register?.name ?? '' })}</span>
          {withLogs && <Alert type="warning" showIcon title={t('registers.removeWithData', { name: register?.name ?? '' })} data-testid="register-has-logs" />}
        </Flex>
      }
      confirmText={withLogs ? t('registers.removeAnyway') : t('common.delete')}
      loading={remove.isPending}
      onCancel={close}
      onConfirm={() =>
        remove.mutate(
          { id: register!._id, force: withLogs },
          {
            onSuccess: () => {
              close();
              onRemoved?.();
            },
            onError: (error) => {
              if (isError(error, 'alreadyExists')) setWithLogs(true);
              else {
                notifyError(error);
                close();
              }
            },
          },
        )
      }
    />
  );
}
