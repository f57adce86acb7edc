import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { TAuditListItem } from '@audit/domain/audits';
import type { TListColumn } from '../../ui/ListPage';
import { formatDay, formatPercent } from './auditFormat';
import { RiskCounts, RiskTag, StatusTag } from './AuditTags';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * Narrow screens fold columns into the template cell instead of scrolling sideways. Below 1200 px
 * (a tablet) the place, service and auditor columns are hidden (WIDE) and the place shows under the
 * template; below 768 px (a phone) the date, status, score and risk go there too (TABLET), so the
 * table becomes one card per audit.
 */
const WIDE: TListColumn<TAuditListItem>['responsive'] = ['xl'];
const TABLET: TListColumn<TAuditListItem>['responsive'] = ['md'];

const templateColumn = (t: TFunction, language: string, kind: 'auditor' | 'client'): TListColumn<TAuditListItem> => ({
  key: 'template',
  title: t('audits.fields.template'),
  locked: true,
  render: (_, a) => (
    <span className="audit-template-cell">
      <Typography.Text strong>{a.template.name}</Typography.Text>
      <Typography.Text type="secondary" className="audit-compact-place">
        {kind === 'auditor' ? `${a.client.name} › ${a.establishment.name}` : a.establishment.name}
      </Typography.Text>
      <span className="audit-compact-phone">
        <span>{formatDay(a.startDate)}</span>
        {kind === 'auditor' ? <StatusTag status={a.status} testId="audit-status-compact" /> : <RiskCounts counts={a} />}
        {a.status === 'finished' && a.percentage !== null && <strong>{formatPercent(a.percentage, language)}</strong>}
      </span>
    </span>
  ),
});

/** Wraps long names so the table fits a laptop screen without scrolling. */
const wrap = (text: string | undefined, max = 180) => <span style={{ display: 'block', maxWidth: max }}>{text}</span>;

const placeColumn = (t: TFunction): TListColumn<TAuditListItem> => ({
  key: 'place',
  title: t('audits.fields.place'),
  responsive: WIDE,
  render: (_, a) => (
    <span style={{ display: 'block', minWidth: 120, maxWidth: 160 }}>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {a.client.name}
      </Typography.Text>
      {a.establishment.name}
    </span>
  ),
});

const startColumn = (t: TFunction): TListColumn<TAuditListItem> => ({
  key: 'startDate',
  title: t('audits.fields.start'),
  sorter: true,
  responsive: TABLET,
  render: (_, a) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(a.startDate)}</span>,
});

/** A score only means something once the audit is finished. */
const scoreColumn = (t: TFunction, language: string): TListColumn<TAuditListItem> => ({
  key: 'percentage',
  title: t('audits.fields.score'),
  align: 'right',
  responsive: TABLET,
  render: (_, a) => (a.status === 'finished' && a.percentage !== null ? formatPercent(a.percentage, language) : dash),
});

const riskColumn = (t: TFunction): TListColumn<TAuditListItem> => ({
  key: 'risk',
  title: t('audits.fields.risk'),
  responsive: TABLET,
  render: (_, a) => (a.status === 'finished' || a.status === 'running' ? <RiskTag risk={a.recalculatedRisk} /> : dash),
});

/** /auditor/audits */
export function auditorColumns(t: TFunction, language: string): TListColumn<TAuditListItem>[] {
  return [
    templateColumn(t, language, 'auditor'),
    placeColumn(t),
    { key: 'service', title: t('audits.fields.service'), responsive: WIDE, render: (_, a) => wrap(a.service.name, 110) },
    { key: 'auditor', title: t('audits.fields.auditor'), responsive: WIDE, render: (_, a) => (a.auditor ? wrap(a.auditor.name, 110) : dash) },
    startColumn(t),
    { key: 'status', title: t('audits.fields.status'), responsive: TABLET, render: (_, a) => <StatusTag status={a.status} /> },
    scoreColumn(t, language),
    riskColumn(t),
  ];
}

/** /client-audits/audits: the client knows its own name, so the establishment comes first. */
export function clientColumns(t: TFunction, language: string): TListColumn<TAuditListItem>[] {
  return [
    templateColumn(t, language, 'client'),
    { key: 'establishment', title: t('audits.fields.establishment'), responsive: WIDE, render: (_, a) => wrap(a.establishment.name, 170) },
    { key: 'service', title: t('audits.fields.service'), responsive: WIDE, render: (_, a) => wrap(a.service.name, 110) },
    startColumn(t),
    { key: 'risks', title: t('audits.fields.riskCounts'), responsive: TABLET, render: (_, a) => <RiskCounts counts={a} /> },
    scoreColumn(t, language),
    riskColumn(t),
  ];
}
