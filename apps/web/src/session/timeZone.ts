import { zoneOr } from '@audit/domain/dates';
import { useCurrentSpace } from './space';

/**
 * The time zone of the session's space (decision 0015): "today", and the day of an instant such
 * as a creation date, are counted there, not in the browser's zone. Europe/Madrid until the space
 * is known (and in a space copy saved by an older release).
 */
export function useTimeZone(): string {
  return zoneOr(useCurrentSpace().data?.timeZone);
}
