import type { TFunction } from 'i18next';
import type { TBar } from './charts/BarChart';
import type { TDataset } from './charts/dataset';
import { formatCount, formatPct } from './charts/format';
import type { TFigure } from './statisticsApi';

/**
 * The three figures of decision 0081 (corrective actions by age, lab results out of limits, repeat
 * findings) as bars and datasets, like figures.tsx does for the calls document's thirteen.
 */
export function correctiveFigure(data: TFigure<'correctiveByAge'>, t: TFunction, language: string) {
  const label = (key: string) => t(`statistics.ageBucket.${key}`, { defaultValue: key });
  const bars: TBar[] = data.buckets.map((bucket) => ({
    key: bucket.key,
    label: label(bucket.key),
    value: bucket.open,
    display: bucket.overdue
      ? `${formatCount(bucket.open, language)} (${t('statistics.overdueCount', { count: bucket.overdue })})`
      : formatCount(bucket.open, language),
    color: bucket.overdue ? '#f5222d' : '#fa8c16',
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'age', label: t('statistics.columns.age'), kind: 'text' },
      { key: 'open', label: t('statistics.columns.open'), kind: 'count' },
      { key: 'overdue', label: t('statistics.columns.overdue'), kind: 'count' },
    ],
    rows: data.buckets.map((bucket) => ({ age: label(bucket.key), open: bucket.open, overdue: bucket.overdue })),
  };
  return { bars, dataset, empty: data.open + data.closed === 0 };
}

export function labFigure(data: TFigure<'labOutOfLimits'>, t: TFunction, language: string) {
  const bars: TBar[] = data.byParameter.map((row) => ({
    key: row.parameter,
    label: row.parameter,
    value: row.outOfLimitsPct,
    display: `${formatPct(row.outOfLimitsPct, language)} (${formatCount(row.outOfLimits, language)}/${formatCount(row.results, language)})`,
    color: '#f5222d',
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'parameter', label: t('statistics.columns.parameter'), kind: 'text' },
      { key: 'results', label: t('statistics.columns.results'), kind: 'count' },
      { key: 'outOfLimits', label: t('statistics.columns.outOfLimits'), kind: 'count' },
      { key: 'outOfLimitsPct', label: t('statistics.columns.outOfLimitsPct'), kind: 'pct' },
    ],
    rows: data.byParameter.map((row) => ({ ...row })),
  };
  return { bars, dataset, empty: data.results === 0 };
}

/**
 * Repeat findings: questions failed again and incidences raised again, each opening its latest
 * audit's report; a question's on that question, with its photos (decision 0091).
 */
export function repeatsFigure(data: TFigure<'repeatFindings'>, t: TFunction, language: string, kind: 'client' | 'auditor') {
  const report = (audit: string) => `${kind === 'client' ? '/client-audits/audits' : '/auditor/audits'}/report/${audit}`;
  const place = (name: string | null) => name ?? t('statistics.unnamed');
  const rows = [
    ...data.questions.map((q) => ({
      what: q.questionText,
      kindOf: t('statistics.repeatKind.question'),
      place: place(q.establishmentName),
      cameBack: q.cameBack,
      lastDate: q.lastDate.slice(0, 10),
      lastAudit: q.lastAudit,
      href: `${report(q.lastAudit)}#question-${q.question}`,
    })),
    ...data.incidentTypes.map((i) => ({
      what: i.name,
      kindOf: t('statistics.repeatKind.incident'),
      place: place(i.establishmentName),
      cameBack: i.cameBack,
      lastDate: i.lastDate.slice(0, 10),
      lastAudit: i.lastAudit,
      href: report(i.lastAudit),
    })),
  ].sort((a, b) => b.cameBack - a.cameBack || a.what.localeCompare(b.what, language));
  const bars: TBar[] = rows.slice(0, 10).map((row, i) => ({
    key: `${row.lastAudit}-${i}`,
    label: `${row.what} · ${row.place}`,
    value: row.cameBack,
    display: t('statistics.cameBackTimes', { count: row.cameBack, value: formatCount(row.cameBack, language) }),
    href: row.href,
    color: '#722ed1',
  }));
  const dataset: TDataset = {
    columns: [
      { key: 'what', label: t('statistics.columns.finding'), kind: 'text' },
      { key: 'kindOf', label: t('statistics.columns.findingKind'), kind: 'text' },
      { key: 'place', label: t('statistics.columns.establishment'), kind: 'text' },
      { key: 'cameBack', label: t('statistics.columns.cameBack'), kind: 'count' },
      { key: 'lastDate', label: t('statistics.columns.lastDate'), kind: 'text' },
    ],
    rows,
    link: (row, key) => (key === 'lastDate' || key === 'cameBack' ? String(row.href) : undefined),
  };
  return { bars, dataset };
}
