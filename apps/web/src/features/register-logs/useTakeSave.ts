import { useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAnswerAdd, TLogEntryOut } from '@audit/domain/registers';
import { isApiError, NETWORK_ERROR, isError } from '../../api/errors';
import { queuedFor } from '../../offline/queueState';
import { checkRegisterData, saveTake } from './logsApi';
import { registerLogResource, REGISTER_LOGS_QUERY_KEY } from './offline/registerResource';
import { PENDING_ALL_QUERY_KEY } from './PendingMenuBadge';

export interface TConflict {
  body: TAnswerAdd;
  stored: TLogEntryOut[];
}

const unreachable = (error: unknown) => isApiError(error) && (error.name === NETWORK_ERROR || error.status >= 502);

/**
 * The save of a take (decision 0031): online, `checkRegisterData` first; a take already stored
 * opens the conflict dialog (overwrite / recover / cancel). Offline, or with saves of this log
 * still waiting, the save goes to the queue (the server refuses a conflict on replay, shown then).
 */
export function useTakeSave(registerId: string, reload: () => Promise<unknown>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<TConflict | null>(null);

  const check = async (body: TAnswerAdd) => {
    const found = await checkRegisterData(registerId, { date: body.date, take: body.take, facilities: body.facilities.map((f) => f._id) });
    if (found.exists) setConflict({ body, stored: found.entries });
    return found.exists;
  };

  const send = async (body: TAnswerAdd): Promise<boolean> => {
    try {
      const result = await saveTake(registerId, body);
      void message.success(t(result.status === 'queued' ? 'registerLogs.savedOnDevice' : 'registerLogs.saved'));
      setConflict(null);
      // The badges (menu and lists) count pending takes: read again.
      void queryClient.invalidateQueries({ queryKey: PENDING_ALL_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [...REGISTER_LOGS_QUERY_KEY, 'pending'] });
      await reload();
      return true;
    } catch (failure) {
      // Stored by someone else between the check and the save: the dialog again, with what is stored now.
      if (isError(failure, 'similarData') && !body.force) await check(body).catch(setError);
      else setError(failure);
      return false;
    }
  };

  const submit = async (body: TAnswerAdd): Promise<boolean> => {
    setError(null);
    setSaving(true);
    try {
      if (navigator.onLine && !queuedFor(registerLogResource(registerId)).count && !body.force) {
        try {
          if (await check(body)) return false;
        } catch (failure) {
          if (!unreachable(failure)) {
            setError(failure);
            return false;
          }
        }
      }
      return await send(body);
    } finally {
      setSaving(false);
    }
  };

  return { submit, saving, error, conflict, closeConflict: () => setConflict(null), clearError: () => setError(null) };
}
