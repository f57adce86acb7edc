import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Typography } from 'antd';
import { AuditOutlined, FireOutlined, TrophyOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { zoneOr } from '@audit/domain/dates';
import { errorMessage } from '../../../i18n/errorMessage';
import { useCurrentSpace } from '../../../session/space';
import { useSummary } from '../homeApi';
import { lastDays } from '../homeDays';
import { clientAuditsList, highRiskIncidentsLink, openIncidentsLink } from '../homeSections';

/** The period of the client home's figures. */
export const SUMMARY_DAYS = 30;

interface TFigure {
  key: string;
  icon: ReactNode;
  value: string;
  to: string;
}

/** The four figures' names and icons, shown while their values load (same boxes: nothing moves when they arrive). */
const FIGURES: Pick<TFigure, 'key' | 'icon'>[] = [
  { key: 'audits', icon: <AuditOutlined /> },
  { key: 'score', icon: <TrophyOutlined /> },
  { key: 'open', icon: <WarningOutlined /> },
  { key: 'high', icon: <FireOutlined /> },
];

/**
 * The dashboard's headline figures of the last 30 days (statistics.summary): finished audits, their
 * average score, incidents still open and high-risk ones, each a link to the list behind it.
 */
export function SummaryFigures({ seeAll }: { seeAll: string }) {
  const { t, i18n } = useTranslation();
  const { from, to } = lastDays(SUMMARY_DAYS, zoneOr(useCurrentSpace().data?.timeZone));
  const summary = useSummary(from, to);
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'es-ES', { maximumFractionDigits: 1 });
  const data = summary.data;
  const figures: TFigure[] = data
    ? [
        { key: 'audits', icon: <AuditOutlined />, value: number.format(data.audits), to: clientAuditsList },
        { key: 'score', icon: <TrophyOutlined />, value: data.avgScorePct == null ? '—' : `${number.format(data.avgScorePct)} %`, to: clientAuditsList },
        { key: 'open', icon: <WarningOutlined />, value: number.format(data.issues.issues - data.issues.resolved), to: openIncidentsLink() },
        { key: 'high', icon: <FireOutlined />, value: number.format(data.issues.high), to: highRiskIncidentsLink() },
      ]
    : [];
  return (
    <Card
      className="home-section"
      data-testid="home-section-summary"
      title={t('home.sections.summary.title', { days: SUMMARY_DAYS })}
      extra={
        <Link to={seeAll} data-testid="home-see-all-summary">
          {t('home.sections.summary.dashboard')}
        </Link>
      }
    >
      {summary.error ? (
        <Alert
          type="warning"
          showIcon
          message={t('home.loadError')}
          description={errorMessage(summary.error)}
          action={
            <Button size="small" onClick={() => void summary.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : summary.isPending ? (
        // The figures' own boxes with a shimmer for each value: a skeleton of another height pushed
        // the sections below when the figures arrived (Lighthouse's layout shift, decision 0103).
        <Row gutter={[12, 12]} data-testid="home-section-loading" aria-busy="true">
          {FIGURES.map((figure) => (
            <Col key={figure.key} xs={12} lg={6}>
              <div className="home-figure">
                <span className="home-figure-icon">{figure.icon}</span>
                <span className="home-figure-value">
                  <span className="home-figure-pending" />
                </span>
                <span className="home-figure-label">{t(`home.figures.${figure.key}`)}</span>
              </div>
            </Col>
          ))}
        </Row>
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {figures.map((figure) => (
              <Col key={figure.key} xs={12} lg={6}>
                <Link to={figure.to} className="home-figure" data-testid={`home-figure-${figure.key}`}>
                  <span className="home-figure-icon">{figure.icon}</span>
                  <span className="home-figure-value">{figure.value}</span>
                  <span className="home-figure-label">{t(`home.figures.${figure.key}`)}</span>
                </Link>
              </Col>
            ))}
          </Row>
          {data && data.audits === 0 && data.issues.issues === 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }} data-testid="home-section-empty">
              {t('home.sections.summary.empty', { days: SUMMARY_DAYS })}
            </Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}
