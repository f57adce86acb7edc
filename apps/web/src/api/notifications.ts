import { queryOptions } from '@tanstack/react-query';
import { notificationCalls, type TNotification } from '@audit/domain/calls/notifications';
import { send, sendPage } from './send';

/**
 * The caller's in-app notifications (notificationCalls.search), shared by the header's
 * unread badge, the notifications drawer and the screens that wait for one (the report's PDF).
 */
export type { TNotification };

export type TNotificationFilter = 'all' | 'unread';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** The caller's notifications, newest first (`size` of them). */
export const searchNotifications = (filter: TNotificationFilter, size = 50) =>
  sendPage(notificationCalls.search, {
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
export const markNotificationRead = (id: string) => send(notificationCalls.read, { params: { id } });
export const markAllNotificationsRead = () => send(notificationCalls.readAll);
export const clearNotifications = () => send(notificationCalls.clear);
