import type { TLabels } from './labels.js';
import type { TReportData } from './service.js';

/** The views both reports show, as rows of cells (the workbook's sheets, the PDF's tables). */
export interface TView {
  title: string;
  headers: string[];
  rows: (string | number | null)[][];
}

export function viewsOf(data: TReportData, l: TLabels): TView[] {
  const s = data.summary;
  return [
    {
      title: l.summary,
      headers: [l.figure, l.value],
      rows: [
        [l.audits, s.audits],
        [l.avgScore, s.avgScorePct],
        [l.auditsHigh, s.byRisk.HIGH],
        [l.auditsMedium, s.byRisk.MEDIUM],
        [l.auditsLow, s.byRisk.LOW],
        [l.issues, s.issues.issues],
        [l.high, s.issues.high],
        [l.medium, s.issues.medium],
        [l.low, s.issues.low],
        [l.infrastructure, s.issues.infrastructure],
        [l.resolved, s.issues.resolved],
      ],
    },
    {
      title: l.benchmark,
      headers: [l.establishment, l.audits, l.avgScore],
      rows: data.benchmark.map((b) => [b.name ?? b.establishment, b.audits, b.avgScorePct]),
    },
    { title: l.byRisk, headers: [l.risk, l.count], rows: data.byRisk.map((r) => [riskName(l, r.riskLevel), r.count]) },
    { title: l.byType, headers: [l.type, l.count], rows: data.byType.map((r) => [r.type ?? l.none, r.count]) },
    { title: l.monthly, headers: [l.period, l.audits, l.avgScore, l.issues], rows: data.monthly.map((m) => [m.period, m.audits, m.avgScorePct, m.issues]) },
  ];
}

/** Nothing to report: no audit and no incident in the range. */
export const isEmpty = (data: TReportData) => data.summary.audits === 0 && data.summary.issues.issues === 0;

/** An incident risk level as the reader says it (IE and P1 are the product's own names). */
function riskName(l: TLabels, level: string): string {
  const names: Record<string, string> = { high: l.high, medium: l.medium, low: l.low, infrastructure: l.infrastructure };
  return names[level] ?? level;
}
