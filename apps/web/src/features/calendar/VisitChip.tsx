import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { TVisit } from './calendarApi';
import { kindOf, VisitIcon } from './visitLook';

/**
 * One visit on the calendar: a button (Enter opens it, with the "move" action) that can be dragged
 * to another day when the caller may move it.
 */
export function VisitChip({ visit, onOpen }: { visit: TVisit; onOpen: (visit: TVisit) => void }) {
  const { t } = useTranslation();
  const kind = kindOf(visit.status);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: visit._id, data: { visit }, disabled: !visit.canMove });
  const label = `${t(`calendar.kind.${kind}`)}: ${visit.templateName} · ${visit.establishment.name}`;
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...listeners}
      {...attributes}
      // dnd-kit's own role/description would hide that Enter opens the visit: it is a plain button.
      role="button"
      aria-roledescription={undefined}
      aria-describedby={undefined}
      className={`visit-chip ${kind}${isDragging ? ' dragging' : ''}`}
      title={`${label} (${visit.client.name}${visit.auditor ? ` · ${visit.auditor.name}` : ''})`}
      aria-label={label}
      data-visit={visit._id}
      onClick={() => onOpen(visit)}
    >
      <VisitIcon kind={kind} />
      <span>{visit.establishment.name}</span>
    </button>
  );
}
