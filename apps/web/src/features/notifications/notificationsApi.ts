import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchPage } from '../../api/client';

export interface TNotification {
  _id: string;
  type: 'TASK_UPDATE_STATE' | 'SHARE_FILE' | string;
  read: boolean;
  createdAt: string;
  payload: { body?: { status?: string; name?: string; auditId?: string } };
}

export type TNotificationFilter = 'all' | 'unread';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** POST /ms-core/api/notifications/search: the caller's notifications, newest first. */
export const searchNotifications = (filter: TNotificationFilter) =>
  searchPage<TNotification>('/ms-core/api/notifications/search', {
    size: 50,
    page: 0,
    sort: '-createdAt',
    filters: filter === 'unread' ? [{ field: 'read', operator: 'eq', value: false }] : [],
  });

export const notificationsQueryOptions = (filter: TNotificationFilter) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_QUERY_KEY, filter], queryFn: () => searchNotifications(filter) });

export const useNotifications = (filter: TNotificationFilter, enabled: boolean) => useQuery({ ...notificationsQueryOptions(filter), enabled });
