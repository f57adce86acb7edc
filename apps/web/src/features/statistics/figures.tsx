import type { TFunction } from 'i18next';
import { AUDIT_RISK_COLORS, RISK_COLORS, RISK_LEVELS } from '@audit/domain/constants';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TBar } from './charts/BarChart';
import type { TColumn } from './charts/ColumnChart';
import type { TDataset } from './charts/dataset';
import { formatCount, formatPct, formatPeriod } from './charts/format';
import { auditsHref, incidentsHref } from './drill';
import type { TFigure } from './statisticsApi';

/**
 * Each statistics answer as its chart's bars or columns and its dataset (table, CSV, links): one
 * function a figure, so the chart, the table and the CSV show the same rows.
 */
type TLinks = { kind: 'client' | 'auditor'; body: TStatisticsFilter };

const riskLabel = (t: TFunction, risk: string) => ((RISK_LEVELS as readonly string[]).includes(risk) ? t(`statistics.risk.${risk}`) : t('statistics.noRisk'));

export function countByRiskFigure(data: TFigure<'countByRisk'>, t: TFunction, language: string, { body }: TLinks) {
  const href = (risk: string) => ((RISK_LEVELS as readonly string[]).includes(risk) ? incidentsHref(body, { riskLevel: [risk] }) : undefined);
  const bars: TBar[] = data.map((row) => ({
    key: row.riskLevel,
    label: riskLabel(t, row.riskLevel),
    value: row.count,
    display: formatCount(row.count, language),
    href: href(row.riskLevel),
    color: RISK_COLORS[row.riskLevel as keyof typeof RISK_COLORS],
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'risk', label: t('statistics.columns.risk'), kind: 'text' },
      { key: 'count', label: t('statistics.columns.incidents'), kind: 'count' },
    ],
    rows: data.map((row) => ({ risk: riskLabel(t, row.riskLevel), count: row.count, riskLevel: row.riskLevel })),
    link: (row, key) => (key === 'count' ? href(String(row.riskLevel)) : undefined),
  };
  return { bars, dataset };
}

export function byTypeFigure(data: TFigure<'byType'>, t: TFunction, language: string) {
  const label = (type: string | null) => type ?? t('statistics.noType');
  const bars: TBar[] = data.map((row, i) => ({ key: `${row.type}-${i}`, label: label(row.type), value: row.count, display: formatCount(row.count, language) }));
  const dataset: TDataset = {
    columns: [
      { key: 'type', label: t('statistics.columns.type'), kind: 'text' },
      { key: 'count', label: t('statistics.columns.incidents'), kind: 'count' },
    ],
    rows: data.map((row) => ({ type: label(row.type), count: row.count })),
  };
  return { bars, dataset };
}

export function topFiveFigure(data: TFigure<'topFive'>, t: TFunction, language: string) {
  const bars: TBar[] = data.map((row, i) => ({
    key: `${row.templateIssue}-${i}`,
    label: row.name,
    value: row.count,
    display: formatCount(row.count, language),
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'name', label: t('statistics.columns.incidence'), kind: 'text' },
      { key: 'count', label: t('statistics.columns.times'), kind: 'count' },
    ],
    rows: data.map((row) => ({ name: row.name, count: row.count })),
  };
  return { bars, dataset };
}

/** Average score per establishment (benchmark): a bar each, the establishment's audits behind it. */
export function benchmarkFigure(data: TFigure<'benchmark'>, t: TFunction, language: string, { kind, body }: TLinks) {
  const name = (row: { name: string | null }) => row.name ?? t('statistics.unnamed');
  const bars: TBar[] = data.map((row) => ({
    key: row.establishment,
    label: name(row),
    value: row.avgScorePct,
    display: formatPct(row.avgScorePct, language),
    href: auditsHref(kind, body, row.establishment),
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'name', label: t('statistics.columns.establishment'), kind: 'text' },
      { key: 'audits', label: t('statistics.columns.audits'), kind: 'count' },
      { key: 'avgScorePct', label: t('statistics.columns.avgScore'), kind: 'pct' },
    ],
    rows: data.map((row) => ({ name: name(row), audits: row.audits, avgScorePct: row.avgScorePct, establishment: row.establishment })),
    link: (row, key) => (key === 'name' || key === 'audits' ? auditsHref(kind, body, String(row.establishment)) : undefined),
  };
  return { bars, dataset };
}

export function bioScoreFigure(data: TFigure<'bioScore'>, t: TFunction, language: string) {
  const bars: TBar[] = data.map((row, i) => ({
    key: `${row.template}-${i}`,
    label: row.name,
    value: row.avgScorePct,
    display: formatPct(row.avgScorePct, language),
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'name', label: t('statistics.columns.template'), kind: 'text' },
      { key: 'audits', label: t('statistics.columns.audits'), kind: 'count' },
      { key: 'avgScorePct', label: t('statistics.columns.avgScore'), kind: 'pct' },
    ],
    rows: data.map((row) => ({ name: row.name, audits: row.audits, avgScorePct: row.avgScorePct })),
  };
  return { bars, dataset };
}

/** Register takes done of due, by area access, month or establishment. */
export function completionFigure(data: TFigure<'byAccessCompletion'>, by: 'access' | 'period' | 'establishment', t: TFunction, language: string) {
  const label = (row: { key: string; name: string | null }) =>
    by === 'period'
      ? formatPeriod(row.key, language)
      : by === 'access'
        ? t(`statistics.access.${row.key}`, { defaultValue: row.key })
        : (row.name ?? t('statistics.unnamed'));
  const bars: TBar[] = data.map((row) => ({
    key: row.key,
    label: label(row),
    value: row.completionPct,
    display: `${formatPct(row.completionPct, language)} (${formatCount(row.done, language)}/${formatCount(row.due, language)})`,
    color: '#52c41a',
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'label', label: t(`statistics.columns.${by}`), kind: 'text' },
      { key: 'due', label: t('statistics.columns.due'), kind: 'count' },
      { key: 'done', label: t('statistics.columns.done'), kind: 'count' },
      { key: 'completionPct', label: t('statistics.columns.completion'), kind: 'pct' },
    ],
    rows: data.map((row) => ({ label: label(row), due: row.due, done: row.done, completionPct: row.completionPct })),
  };
  return { bars, dataset };
}

/** The monthly series (get-chart-data): score and incidents per month, and its table. */
export function monthlyFigure(data: TFigure<'chartData'>, t: TFunction, language: string) {
  const score: TColumn[] = data.map((row) => ({
    key: row.period,
    label: formatPeriod(row.period, language),
    value: row.avgScorePct,
    display: formatPct(row.avgScorePct, language),
  }));
  const issues: TColumn[] = data.map((row) => ({
    key: row.period,
    label: formatPeriod(row.period, language),
    value: row.issues,
    display: formatCount(row.issues, language),
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'period', label: t('statistics.columns.period'), kind: 'text' },
      { key: 'audits', label: t('statistics.columns.audits'), kind: 'count' },
      { key: 'avgScorePct', label: t('statistics.columns.avgScore'), kind: 'pct' },
      { key: 'issues', label: t('statistics.columns.incidents'), kind: 'count' },
    ],
    rows: data.map((row) => ({ period: row.period, audits: row.audits, avgScorePct: row.avgScorePct, issues: row.issues })),
  };
  return { score, issues, dataset };
}

/** Audits by their recalculated risk (the summary's byRisk). */
export function auditRiskBars(byRisk: TFigure<'summary'>['byRisk'], t: TFunction, language: string): TBar[] {
  return (['HIGH', 'MEDIUM', 'LOW'] as const).map((risk) => ({
    key: risk,
    label: t(`statistics.auditRisk.${risk}`),
    value: byRisk[risk],
    display: formatCount(byRisk[risk], language),
    color: AUDIT_RISK_COLORS[risk],
  }));
}

/** High counts IE and P1 too (decision 0078), so its list asks for the three. */
export const HIGH_LEVELS = ['high', 'IE', 'P1'];
const ISSUE_KEYS = { issues: undefined, high: HIGH_LEVELS, medium: ['medium'], low: ['low'], infrastructure: ['infrastructure'] } as const;
/** The incident statuses a figure counts as resolved (the list's "resolved" and "solved in place"). */
export const RESOLVED_STATUSES = ['resolved', 'solvedInPlace'];

/**
 * The establishments' benchmark of the client dashboard: audits and average score (benchmark) beside
 * the incidents by risk (search-benchmark-from-issue-client), one row per establishment. A name
 * opens the establishment's audits; an incident count, its incidents.
 */
export function establishmentsFigure(scores: TFigure<'benchmark'>, issues: TFigure<'issueBenchmark'>, t: TFunction, language: string, { kind, body }: TLinks) {
  const byId = new Map<string, { name: string; audits: number; avgScorePct: number | null; issues?: TFigure<'issueBenchmark'>[number] }>();
  for (const row of scores) byId.set(row.establishment, { name: row.name ?? t('statistics.unnamed'), audits: row.audits, avgScorePct: row.avgScorePct });
  for (const row of issues) {
    const known = byId.get(row.establishment);
    byId.set(row.establishment, {
      name: known?.name ?? row.name ?? t('statistics.unnamed'),
      audits: known?.audits ?? 0,
      avgScorePct: known?.avgScorePct ?? null,
      issues: row,
    });
  }
  const entries = [...byId.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name, language));
  const bars: TBar[] = entries.map(([id, row]) => ({
    key: id,
    label: row.name,
    value: row.avgScorePct,
    display: formatPct(row.avgScorePct, language),
    href: auditsHref(kind, body, id),
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'name', label: t('statistics.columns.establishment'), kind: 'text' },
      { key: 'audits', label: t('statistics.columns.audits'), kind: 'count' },
      { key: 'avgScorePct', label: t('statistics.columns.avgScore'), kind: 'pct' },
      { key: 'issues', label: t('statistics.columns.incidents'), kind: 'count' },
      { key: 'high', label: t('statistics.risk.high'), kind: 'count' },
      { key: 'medium', label: t('statistics.risk.medium'), kind: 'count' },
      { key: 'low', label: t('statistics.risk.low'), kind: 'count' },
      { key: 'infrastructure', label: t('statistics.risk.infrastructure'), kind: 'count' },
      { key: 'resolved', label: t('statistics.columns.resolved'), kind: 'count' },
    ],
    rows: entries.map(([id, row]) => ({
      establishment: id,
      name: row.name,
      audits: row.audits,
      avgScorePct: row.avgScorePct,
      issues: row.issues?.issues ?? 0,
      high: row.issues?.high ?? 0,
      medium: row.issues?.medium ?? 0,
      low: row.issues?.low ?? 0,
      infrastructure: row.issues?.infrastructure ?? 0,
      resolved: row.issues?.resolved ?? 0,
    })),
    link: (row, key) => {
      const establishment = String(row.establishment);
      if (key === 'name' || key === 'audits') return auditsHref(kind, body, establishment);
      if (key in ISSUE_KEYS) return incidentsHref(body, { establishment, riskLevel: ISSUE_KEYS[key as keyof typeof ISSUE_KEYS]?.slice() });
      if (key === 'resolved') return incidentsHref(body, { establishment, status: RESOLVED_STATUSES });
      return undefined;
    },
  };
  return { bars, dataset };
}
