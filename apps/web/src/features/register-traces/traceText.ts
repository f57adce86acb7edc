import type { TFunction } from 'i18next';
import { formatDay } from '@audit/domain/dates';
import type { TRegisterTrace } from './registerTracesApi';

type TPayload = Record<string, unknown> | null;
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * What a trace changed, in a line: a log's day, take and facilities; a period opened or closed; the
 * fields an edit set; what a removal took with it. The stored payload is the server's record; any
 * shape it does not know shows the names of what it holds.
 */
export function traceDetails(t: TFunction, trace: TRegisterTrace): string {
  const p = (trace.payload ?? null) as TPayload;
  if (!p || typeof p !== 'object') return '';
  if (trace.section === 'register-logs') {
    if (isDay(p.date)) {
      const facilities = Array.isArray(p.facilities) ? p.facilities.length : 0;
      const parts = [
        formatDay(p.date),
        t('registerTraces.details.take', { n: Number(p.take ?? 1) }),
        t('registerTraces.details.facilities', { count: facilities }),
      ];
      if (p.force) parts.push(t('registerTraces.details.overwritten'));
      return parts.join(' · ');
    }
    if (isDay(p.startDay))
      return t(p.open ? 'registerTraces.details.opened' : 'registerTraces.details.closed', { day: formatDay(p.startDay), period: String(p.period ?? '') });
  }
  if (trace.section === 'register-downloads')
    return t('registerTraces.details.download', { orientation: String(p.orientation ?? ''), language: String(p.language ?? '') });
  if (trace.type === 'REMOVE' && typeof p.logs === 'number') return t('registerTraces.details.removedLogs', { count: p.logs });
  if (typeof p.position === 'number') return t('registerTraces.details.moved', { position: p.position + 1 });
  if (p.duplicateOf) return t('registerTraces.details.duplicated');
  const changed = p.after && typeof p.after === 'object' ? Object.keys(p.after as object) : trace.type === 'UPDATE' ? Object.keys(p) : [];
  return changed.length ? t('registerTraces.details.changed', { fields: changed.join(', ') }) : '';
}
