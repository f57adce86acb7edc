import type { TClientTabProps } from '../../manifest/manifest';
import { VisitCalendar } from './VisitCalendar';

/** The client page's Calendar tab: that client's visits (decision 0087). */
export function ClientCalendarTab({ spaceId }: TClientTabProps) {
  return <VisitCalendar client={spaceId} />;
}
