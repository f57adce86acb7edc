import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { TAudit, TAuditField } from '@audit/domain/audits';

dayjs.extend(utc);

/**
 * What the report shows, by the signed-in user's reportType (product document, report view):
 * 'issues' hides the score and charts the issue counts; 'percent' shows only the score and the
 * total; 'auditRisks' adds the audit risk; everyone else (and the public link) sees score charts.
 */
export interface TReportLayout {
  score: boolean;
  /** 'all': total plus each risk level; 'total': the total only; 'none'. */
  counts: 'all' | 'total';
  risk: boolean;
  charts: 'score' | 'issues' | 'none';
}

export function layoutFor(reportType: string | null | undefined): TReportLayout {
  switch (reportType) {
    case 'issues':
      return { score: false, counts: 'all', risk: false, charts: 'issues' };
    case 'percent':
      return { score: true, counts: 'total', risk: false, charts: 'none' };
    case 'auditRisks':
      return { score: true, counts: 'all', risk: true, charts: 'score' };
    default:
      return { score: true, counts: 'all', risk: false, charts: 'score' };
  }
}

/**
 * The panels: cover fields go to the introduction, CONTACTS sections to the contacts panel, and
 * every other section gets its own panel, except a DATA section with nothing but cover fields
 * (already in the introduction, so it is not repeated as an empty panel).
 */
export function reportParts(audit: Pick<TAudit, 'sections' | 'coverFields'>) {
  const cover = new Set(audit.coverFields.map((f) => f._id));
  const ordered = [...audit.sections].sort((a, b) => a.position - b.position);
  const sections = ordered
    .filter((s) => s.type !== 'CONTACTS')
    .filter((s) => !(s.type === 'DATA' && s.questions.length === 0 && s.fields.length > 0 && s.fields.every((f) => cover.has(f._id))))
    .map((s) => ({ ...s, fields: s.fields.filter((f) => !cover.has(f._id)) }));
  const contacts = ordered.filter((s) => s.type === 'CONTACTS').flatMap((s) => s.fields);
  return { cover: [...audit.coverFields].sort((a, b) => a.position - b.position), sections, contacts };
}

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value);
const day = (value: string) => (isIsoDate(value) ? dayjs.utc(value).format('DD-MM-YYYY') : value);

/** A field's value as text: dates DD-MM-YYYY, a date range "from – to" (JSON list, comma pair or "from/to" interval). */
export function fieldText(field: Pick<TAuditField, 'type' | 'value'>): string {
  const value = field.value?.trim();
  if (!value) return '';
  if (field.type === 'date') return day(value);
  if (field.type === 'audit_date') {
    let parts: unknown;
    try {
      parts = JSON.parse(value);
    } catch {
      parts = value.split(value.includes('/') ? '/' : ',');
    }
    if (Array.isArray(parts) && parts.length === 2 && parts.every((p) => typeof p === 'string')) return `${day(parts[0].trim())} – ${day(parts[1].trim())}`;
    return day(value);
  }
  return value;
}
