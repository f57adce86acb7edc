import { addDays } from '@audit/domain/dates';
import type { TVisit } from '@audit/domain/calendar/schemas';
import { icsCalendar } from './ics.js';

/** The feed's words in the owner's language (the phone shows them as they are). */
const WORDS = {
  es: { name: 'Visitas de auditoría', client: 'Cliente', service: 'Servicio', status: 'Estado', done: 'Realizada', planned: 'Planificada' },
  en: { name: 'Audit visits', client: 'Client', service: 'Service', status: 'Status', done: 'Done', planned: 'Planned' },
};

/** One VEVENT per visit: an all-day event over its days; a done visit says so in its summary. */
export function feedCalendar(visits: TVisit[], language: 'es' | 'en', now = new Date()): string {
  const w = WORDS[language];
  return icsCalendar(
    w.name,
    visits.map((v) => {
      const done = v.status === 'finished';
      return {
        uid: `${v._id}@visits.audit`,
        start: v.from,
        endExclusive: addDays(v.to, 1),
        summary: `${done ? `✓ ${w.done}: ` : ''}${v.templateName} · ${v.establishment.name}`,
        description: [`${w.client}: ${v.client.name}`, `${w.service}: ${v.service.name}`, `${w.status}: ${done ? w.done : w.planned}`].join('\n'),
        location: v.establishment.name,
        status: done ? 'CONFIRMED' : 'TENTATIVE',
      };
    }),
    now,
  );
}
