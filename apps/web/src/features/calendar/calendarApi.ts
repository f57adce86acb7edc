import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { auditCalls } from '@audit/domain/calls/audits';
import { calendarCalls } from '@audit/domain/calendar/calls';
import type { TVisit, TVisits } from '@audit/domain/calendar/schemas';
import { addDays, DEFAULT_TIME_ZONE, todayInZone, type TDay } from '@audit/domain/dates';
import { send } from '../../api/send';
import { daysBetween, openingView, rangeOf } from './days';

/** The calendar's calls (decision 0087); types are packages/domain's schemas. */
export type { TVisit, TVisits };
export const CALENDAR_QUERY_KEY = ['calendar'] as const;

export interface TCalendarFilters {
  client?: string;
  establishment?: string;
  auditor?: string;
  service?: string;
}

const visitsQuery = (range: { from: TDay; to: TDay }, filters: TCalendarFilters) => ({
  queryKey: [...CALENDAR_QUERY_KEY, 'visits', range, filters],
  queryFn: ({ signal }: { signal?: AbortSignal }) => send(calendarCalls.visits, { query: { ...range, ...filters }, signal }),
});
/** A calendar read this recently (the route's prefetch) is shown as it is, not read twice. */
const JUST_READ_MS = 3000;

export const useVisits = (range: { from: TDay; to: TDay }, filters: TCalendarFilters) =>
  useQuery({
    ...visitsQuery(range, filters),
    placeholderData: keepPreviousData,
    // Read again whenever the calendar shows: visits are audits, made and moved on other screens
    // (a confirmed plan visit, the audit wizard) that do not know the calendar's cache.
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_READ_MS,
  });

/**
 * /calendar's loader: the visits the page opens on (this month's grid, or the phone's list, no
 * filter) are asked for as the navigation starts, beside the page's code and the session check,
 * not once the shell and the page have rendered (issue 26: rendered in under 1 s).
 */
export function prefetchOpeningVisits(client: QueryClient, phone: boolean) {
  void client.prefetchQuery(visitsQuery(rangeOf(openingView(phone), todayInZone(DEFAULT_TIME_ZONE)), {}));
}

/** Moves a visit to start on `day`, keeping its length, through the audits' own date call. */
export function useMoveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ visit, day }: { visit: TVisit; day: TDay }) =>
      send(auditCalls.setDate, { params: { id: visit._id }, body: { date: [day, addDays(day, daysBetween(visit.from, visit.to))] } }),
    // The page says why a move is refused itself, beside the calendar.
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY }),
  });
}

export const useFeedLink = (enabled: boolean) =>
  useQuery({ queryKey: [...CALENDAR_QUERY_KEY, 'feed-link'], queryFn: () => send(calendarCalls.feedLink), enabled });

export function useFeedLinkChange() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: [...CALENDAR_QUERY_KEY, 'feed-link'] });
  return {
    rotate: useMutation({ mutationFn: () => send(calendarCalls.rotateFeedLink), onSuccess: done }),
    revoke: useMutation({ mutationFn: () => send(calendarCalls.revokeFeedLink), onSuccess: done }),
  };
}
