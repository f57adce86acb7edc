import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TDay } from '@audit/domain/dates';
import type { TVisitRefusal } from '@audit/domain/visits/window';
import type { TVisit } from './calendarApi';
import { DayCell } from './DayCell';
import { VisitChip } from './VisitChip';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The month grid (whole weeks) or one week: each day with its visits. */
export function GridView(props: {
  weeks: TDay[][];
  month?: string;
  today: TDay;
  byDay: Map<TDay, TVisit[]>;
  refusalOf: (day: TDay) => TVisitRefusal | null;
  onOpen: (visit: TVisit) => void;
  week?: boolean;
  /** A month's day shows this many visits, then "+N" opens that day's week. */
  limit?: number;
  onMore?: (day: TDay) => void;
  visits: number;
  /** The days shown are those of another range until this one's visits arrive (the previous range's kept meanwhile). */
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const long = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <div
      className={`visits-grid${props.week ? ' visits-week' : ''}`}
      role="grid"
      aria-label={t('calendar.title')}
      aria-busy={props.busy ?? false}
      data-visits={props.visits}
    >
      {WEEKDAYS.map((d) => (
        <div key={d} className="visits-head" role="columnheader">
          {t(`calendar.weekday.${d}`)}
        </div>
      ))}
      {props.weeks.flat().map((day) => {
        const visits = props.byDay.get(day) ?? [];
        return (
          <DayCell
            key={day}
            day={day}
            outside={props.month !== undefined && !day.startsWith(props.month)}
            today={day === props.today}
            refusal={props.refusalOf(day)}
            label={`${long.format(new Date(`${day}T00:00:00Z`))}: ${t('calendar.visitCount', { count: visits.length })}`}
          >
            {visits.slice(0, props.limit ?? visits.length).map((v) => (
              <VisitChip key={v._id} visit={v} onOpen={props.onOpen} />
            ))}
            {props.limit !== undefined && visits.length > props.limit && (
              <Button size="small" type="link" onClick={() => props.onMore?.(day)} style={{ alignSelf: 'flex-start', padding: 0 }}>
                {t('calendar.more', { count: visits.length - props.limit })}
              </Button>
            )}
          </DayCell>
        );
      })}
    </div>
  );
}
