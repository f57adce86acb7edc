import { queryOptions } from '@tanstack/react-query';
import { request, searchPage } from './client';

/**
 * The caller's in-app notifications (POST /ms-core/api/notifications/search), shared by the header's
 * unread badge, the notifications drawer and the screens that wait for one (the report's PDF).
 */
export interface TNotification {
  _id: string;
  type: 'TASK_UPDATE_STATE' | 'SHARE_FILE' | string;
  read: boolean;
  createdAt: string;
  payload: { body?: { event?: string; status?: string; name?: string; auditId?: string; incidentId?: string; labIncidentId?: string; registerId?: string } };
}

export type TNotificationFilter = 'all' | 'unread';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** The caller's notifications, newest first (`size` of them). */
export const searchNotifications = (filter: TNotificationFilter, size = 50) =>
  searchPage<TNotification>('/ms-core/api/notifications/search', {
    size,
    page: 0,
    sort: '-createdAt',
    filters: filter === 'unread' ? [{ field: 'read', operator: 'eq', value: false }] : [],
  });

/** How many are unread (the header's badge): one row asked for, the total read from the answer. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'unread-count'],
    queryFn: async () => (await searchNotifications('unread', 1)).total,
    refetchInterval: 60_000,
  });

/** The drawer's actions (decision 0039): one read, all read, clear all. */
export const markNotificationRead = (id: string) => request<{ count: number }>(`/ms-core/api/notifications/${id}/read`, { method: 'PATCH' });
export const markAllNotificationsRead = () => request<{ count: number }>('/ms-core/api/notifications/read-all', { method: 'POST' });
export const clearNotifications = () => request<{ count: number }>('/ms-core/api/notifications/clear', { method: 'POST' });
