import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls } from '@audit/domain/calls/users';
import { send } from '../api/send';
import { ME_QUERY_KEY, useMe, type TMe } from '../session/me';

/** Table settings per user: size (antd large/middle/small) and hidden columns, in users/me settings[key]. */
export type TTableSize = 'large' | 'middle' | 'small';
export interface TTableSettings {
  size: TTableSize;
  hidden: string[];
}

const DEFAULT_SETTINGS: TTableSettings = { size: 'middle', hidden: [] };
const SIZES: TTableSize[] = ['large', 'middle', 'small'];

function readSettings(value: unknown, defaultHidden: string[]): TTableSettings {
  if (!value || typeof value !== 'object') return { ...DEFAULT_SETTINGS, hidden: defaultHidden };
  const raw = value as Partial<TTableSettings>;
  return {
    size: SIZES.includes(raw.size as TTableSize) ? (raw.size as TTableSize) : DEFAULT_SETTINGS.size,
    hidden: Array.isArray(raw.hidden) ? raw.hidden.filter((c): c is string => typeof c === 'string') : [],
  };
}

/** userCalls.saveSetting {key, value} */
export const saveMySetting = (key: string, value: unknown) => send(userCalls.saveSetting, { body: { key, value } });

/** `defaultHidden`: columns hidden until the user chooses otherwise. */
export function useTableSettings(key: string, defaultHidden: string[] = []) {
  const me = useMe();
  const queryClient = useQueryClient();
  const settings = readSettings(me.data?.settings?.[key], defaultHidden);
  const mutation = useMutation({
    mutationFn: (value: TTableSettings) => saveMySetting(key, value),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
  // The user query is the one copy. It is updated synchronously, inside the click, so the control
  // changes at once (an awaited onMutate would repaint a tick later); undone if the save fails.
  const update = (patch: Partial<TTableSettings>) => {
    const value = { ...settings, ...patch };
    const previous = queryClient.getQueryData<TMe>(ME_QUERY_KEY);
    void queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
    if (previous) queryClient.setQueryData<TMe>(ME_QUERY_KEY, { ...previous, settings: { ...previous.settings, [key]: value } });
    mutation.mutate(value, { onError: () => previous && queryClient.setQueryData(ME_QUERY_KEY, previous) });
  };
  return { settings, update };
}
