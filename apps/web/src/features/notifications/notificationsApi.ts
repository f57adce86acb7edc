import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clearNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_QUERY_KEY,
  searchNotifications,
  type TNotificationFilter,
} from '../../api/notifications';

export { NOTIFICATIONS_QUERY_KEY, searchNotifications, type TNotification, type TNotificationFilter } from '../../api/notifications';

export const notificationsQueryOptions = (filter: TNotificationFilter) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_QUERY_KEY, filter], queryFn: () => searchNotifications(filter) });

export const useNotifications = (filter: TNotificationFilter, enabled: boolean) => useQuery({ ...notificationsQueryOptions(filter), enabled });

/** Each action refreshes the drawer and the bell's count. */
function useNotificationsMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }) });
}
export const useMarkRead = () => useNotificationsMutation((id: string) => markNotificationRead(id));
export const useMarkAllRead = () => useNotificationsMutation(() => markAllNotificationsRead());
export const useClearNotifications = () => useNotificationsMutation(() => clearNotifications());
