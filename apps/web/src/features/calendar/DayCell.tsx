import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TVisitRefusal } from '@audit/domain/visits/window';
import type { TDay } from '@audit/domain/dates';

/** A day of the grid: a drop target, marked (hatched, with the reason) when the dragged visit may not land on it. */
export function DayCell(props: { day: TDay; outside?: boolean; today: boolean; refusal: TVisitRefusal | null; children: ReactNode; label: string }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: props.day, data: { day: props.day } });
  const classes = ['visits-day', props.outside ? 'other-month' : '', props.today ? 'today' : '', isOver ? 'over' : '', props.refusal ? 'refused' : ''];
  return (
    <div ref={setNodeRef} className={classes.filter(Boolean).join(' ')} data-day={props.day} aria-label={props.label}>
      <span className="visits-day-number">{Number(props.day.slice(8))}</span>
      {props.refusal && <span className="visits-refusal">{t(`calendar.refusal.${props.refusal}`)}</span>}
      {props.children}
    </div>
  );
}
