import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmailDialog } from '../../ui/EmailDialog';
import { ResetPasswordDialog } from '../../ui/ResetPasswordDialog';
import { useChangeStatus, useRemoveUser, type TUser } from './usersApi';
import type { TUserActionHandlers } from './UserRowActions';

/** The handlers of the user row actions and the dialogs they open. */
export function useUserActions(): { handlers: TUserActionHandlers; dialogs: React.ReactNode } {
  const { t } = useTranslation();
  const [emailTo, setEmailTo] = useState<TUser | null>(null);
  const [resetFor, setResetFor] = useState<TUser | null>(null);
  const [removing, setRemoving] = useState<TUser | null>(null);
  const changeStatus = useChangeStatus();
  const remove = useRemoveUser();

  const handlers: TUserActionHandlers = {
    onEmail: setEmailTo,
    onResetPassword: setResetFor,
    onRemove: setRemoving,
    onStatus: (user, status) => changeStatus.mutate({ users: [user._id], status }),
  };

  const dialogs = (
    <>
      <EmailDialog
        open={Boolean(emailTo)}
        onClose={() => setEmailTo(null)}
        recipients={emailTo ? [{ value: emailTo._id, label: `${emailTo.fullName} <${emailTo.email}>` }] : []}
      />
      <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('users.removeTitle')}
        content={t('users.removeQuestion', { name: removing?.fullName ?? '' })}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!._id, { onSettled: () => setRemoving(null) })}
      />
    </>
  );
  return { handlers, dialogs };
}
