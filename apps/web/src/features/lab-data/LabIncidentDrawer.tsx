import { Descriptions, Drawer, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HistoryTimeline } from '../../ui/HistoryTimeline';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { LabIncidentMoves } from './LabIncidentMoves';
import { LabStatusTag, limitsText, valueText } from './LabTags';
import { unitText } from './labUnits';
import { useLabIncidentHistory, type TLabIncident } from './labDataApi';

interface TProps {
  open: boolean;
  incident?: TLabIncident;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
  onClose: () => void;
}

/** Its history, newest first: who raised it and each move, who and when (decision 0058). */
function LabIncidentHistory({ incidentId }: { incidentId: string }) {
  const { t } = useTranslation();
  return (
    <HistoryTimeline
      history={useLabIncidentHistory(incidentId)}
      testId="lab-incident-history"
      kindLabel={(entry) => t(`labData.history.${entry.kind}`, { defaultValue: entry.kind })}
      detail={(entry) => (typeof entry.after?.status === 'string' ? t(`labData.status.${entry.after.status}`, { defaultValue: entry.after.status }) : '')}
      bySystem={t('labData.history.bySystem')}
    />
  );
}

/** /incidents/list/lab-data/{id}: a lab incident's reading, report and place, its moves and its history. */
export function LabIncidentDrawer({ open, incident: i, loading, error, onRetry, onClose }: TProps) {
  const { t, i18n } = useTranslation();
  const { isMobile } = useViewport();
  const language = i18n.language;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : 560}
      title={i ? `${t('labData.incident')} · ${i.parameter}` : t('labData.incident')}
      destroyOnHidden
      data-testid="lab-incident-detail"
    >
      {loading ? (
        <PageSkeleton rows={6} />
      ) : error || !i ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap align="center">
            <LabStatusTag status={i.status} />
            <LabIncidentMoves incident={i} />
          </Flex>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'parameter', label: t('labData.fields.parameter'), children: i.parameter },
              { key: 'value', label: t('labData.fields.value'), children: `${valueText(i.value, language)} ${unitText(i.unit, language)}` },
              { key: 'limits', label: t('labData.fields.limits'), children: limitsText(i.minValue, i.maxValue, language) },
              { key: 'category', label: t('labData.fields.category'), children: t(`labData.categories.${i.category}`) },
              { key: 'report', label: t('labData.report'), children: <Link to={`/lab-data/${i.category}/${i.report._id}`}>{i.report.number}</Link> },
              { key: 'place', label: t('labData.fields.establishment'), children: i.place ?? '—' },
              { key: 'openDate', label: t('labData.fields.extractionDate'), children: dayjs(i.openDate).format('DD-MM-YYYY') },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('labData.history.title')}
          </Typography.Title>
          <LabIncidentHistory incidentId={i._id} />
        </Flex>
      )}
    </Drawer>
  );
}
