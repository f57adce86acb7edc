import type { TAudit, TAuditField } from '@audit/domain/audits';
import { dateValueText, zoneOr } from '@audit/domain/dates';

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

const LAYOUTS: Record<'issues' | 'percent' | 'auditRisks' | 'default', TReportLayout> = {
  issues: { score: false, counts: 'all', risk: false, charts: 'issues' },
  percent: { score: true, counts: 'total', risk: false, charts: 'none' },
  auditRisks: { score: true, counts: 'all', risk: true, charts: 'score' },
  default: { score: true, counts: 'all', risk: false, charts: 'score' },
};

/** The same object for the same reportType, so the memoised panels (ReportView.tsx) keep it across renders. */
export function layoutFor(reportType: string | null | undefined): TReportLayout {
  return reportType === 'issues' || reportType === 'percent' || reportType === 'auditRisks' ? LAYOUTS[reportType] : LAYOUTS.default;
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

/** A field's value as text: dates DD-MM-YYYY, a date range "from – to" (JSON list, comma pair or "from/to" interval), as the PDF writes them. */
export function fieldText(field: Pick<TAuditField, 'type' | 'value'>, timeZone?: string | null): string {
  const value = field.value?.trim();
  if (!value) return '';
  if (field.type === 'date' || field.type === 'audit_date') return dateValueText(value, zoneOr(timeZone)) ?? value;
  return value;
}
