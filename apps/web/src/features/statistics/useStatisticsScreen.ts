import { useMemo } from 'react';
import { todayInZone } from '@audit/domain/dates';
import { useTimeZone } from '../../session/timeZone';
import { toStatisticsBody } from './filter/statisticsFilter';
import { useStoredFilter } from './filter/useStoredFilter';

/** A statistics screen's filter (kept per user and screen) and the body its figures are asked with. */
export function useStatisticsScreen(screen: string) {
  const { filter, setFilter, applied } = useStoredFilter(screen);
  const today = todayInZone(useTimeZone());
  const body = useMemo(() => toStatisticsBody(applied, today), [applied, today]);
  return { filter, setFilter, body };
}
