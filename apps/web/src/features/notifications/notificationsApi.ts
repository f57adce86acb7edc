import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_QUERY_KEY, searchNotifications, type TNotificationFilter } from '../../api/notifications';

export { NOTIFICATIONS_QUERY_KEY, searchNotifications, type TNotification, type TNotificationFilter } from '../../api/notifications';

export const notificationsQueryOptions = (filter: TNotificationFilter) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_QUERY_KEY, filter], queryFn: () => searchNotifications(filter) });

export const useNotifications = (filter: TNotificationFilter, enabled: boolean) => useQuery({ ...notificationsQueryOptions(filter), enabled });
