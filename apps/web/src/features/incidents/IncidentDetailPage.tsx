import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, SyncOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { TIncidentStatus } from '@audit/domain/incidents';
import { useQueuedFor } from '../../offline/queueState';
import { SyncFailures } from '../../offline/SyncFailures';
import { useResourceSync } from '../../offline/useResourceSync';
import { useMe } from '../../session/me';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { CommentsPanel } from './CommentsPanel';
import { EditIncidentDrawer } from './EditIncidentDrawer';
import { EvidencesPanel } from './EvidencesPanel';
import { HistoryPanel } from './HistoryPanel';
import { RiskTag, StatusTag } from './IncidentTags';
import { SupersededNotice } from './SupersededNotice';
import { TasksPanel } from './TasksPanel';
import { useChangeStatus, useIncident, type TIncidentFull } from './incidentsApi';
import { incidentResource } from './offline/incidentResource';

const day = (iso: string | null) => (iso ? dayjs(iso).format('DD-MM-YYYY') : null);

/** The moves the server says this user may take now (the machine of decision 0038 and their side). */
function StatusMoves({ incident }: { incident: TIncidentFull }) {
  const { t } = useTranslation();
  const change = useChangeStatus(incident._id);
  if (!incident.transitions.length) return null;
  return (
    <Space wrap>
      {incident.transitions.map((to: TIncidentStatus) => (
        <Button
          key={to}
          type={to === 'resolved' ? 'primary' : 'default'}
          loading={change.isPending && change.variables === to}
          onClick={() => change.mutate(to)}
          data-testid={`move-${to}`}
        >
          {t(`incidents.moveTo.${to}`)}
        </Button>
      ))}
    </Space>
  );
}

/** /incidents/{id}: every field, the status moves, corrective actions, photos, comments and history. */
export function IncidentDetailPage() {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const id = useParams().id!;
  const incident = useIncident(id);
  const resource = incidentResource(id);
  useResourceSync(resource, () => incident.refetch());
  const waiting = useQueuedFor(resource).count;
  const me = useMe().data;
  const [tab, setTab] = useState('tasks');
  const [editing, setEditing] = useState(false);
  if (incident.isPending) return <PageSkeleton />;
  if (incident.isError) return <ErrorState error={incident.error} onRetry={() => void incident.refetch()} />;
  const i = incident.data;
  const fields = [
    { key: 'kind', label: t('incidents.fields.kind'), children: t(`incidents.kinds.${i.kind}`) },
    { key: 'place', label: t('incidents.fields.place'), children: i.place },
    { key: 'auditDate', label: t('incidents.fields.auditDate'), children: day(i.auditDate) },
    { key: 'openDate', label: t('incidents.fields.openDate'), children: day(i.openDate) },
    { key: 'template', label: t('incidents.fields.template'), children: i.templateName },
    { key: 'responsible', label: t('incidents.fields.responsible'), children: i.responsible?.name },
    { key: 'priority', label: t('incidents.fields.priority'), children: i.priority && t(`incidents.priority.${i.priority}`) },
    { key: 'category', label: t('incidents.fields.category'), children: i.category },
    { key: 'type', label: t('incidents.fields.type'), children: i.type },
    { key: 'facility', label: t('incidents.fields.facility'), children: i.facility },
    { key: 'reportedBy', label: t('incidents.fields.reportedBy'), children: i.reportedBy },
    { key: 'detectedBy', label: t('incidents.fields.detectedBy'), children: i.detectedBy },
    { key: 'description', label: t('incidents.fields.description'), children: i.description, span: 'filled' as const },
  ].filter((f) => f.children);
  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { padding: isMobile ? 12 : 20 } }}>
        <Link to={`/incidents/list/${i.kind}`}>
          <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
            {t(`incidents.titles.${i.kind}`)}
          </Button>
        </Link>
        <Typography.Title level={3} style={{ margin: '4px 0 8px' }} data-testid="incident-name">
          {i.name}
        </Typography.Title>
        <Space wrap style={{ marginBottom: 12 }}>
          <RiskTag risk={i.riskLevel} />
          <StatusTag status={i.status} />
          {i.can.update && (
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="incident-edit">
              {t('incidents.edit.open')}
            </Button>
          )}
          {waiting > 0 && (
            <Tag color="processing" icon={<SyncOutlined />} data-testid="incident-pending" role="status">
              {t('offline.pending', { count: waiting })}
            </Tag>
          )}
          {/* A superseded incident's audit was reopened: its report is not the one this incident came from (and a client cannot open it until it is finished again). */}
          {i.auditId && i.status !== 'superseded' && (
            <Link to={`${me?.isAuditor ? '/auditor/audits' : '/client-audits/audits'}/report/${i.auditId}`}>
              <Button size="small" type="link">
                {t('incidents.openAudit')}
              </Button>
            </Link>
          )}
        </Space>
        <SupersededNotice incident={i} />
        <SyncFailures resource={resource} data={i} onOpen={(subject) => setTab(subject.kind === 'comment' ? 'comments' : 'tasks')} />
        <StatusMoves incident={i} />
        <Descriptions column={isMobile ? 1 : 2} size="small" items={fields} style={{ marginTop: 16 }} />
      </Card>
      {i.can.update && <EditIncidentDrawer incident={i} open={editing} onClose={() => setEditing(false)} />}
      <Card styles={{ body: { padding: isMobile ? 12 : 20 } }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          // On a phone the four tabs fit the width (the last one used to be cut behind the "more" menu).
          className={isMobile ? 'incident-tabs-phone' : undefined}
          tabBarGutter={isMobile ? 12 : undefined}
          items={[
            {
              key: 'tasks',
              label: `${t(isMobile ? 'incidents.tabs.tasksShort' : 'incidents.tabs.tasks')} (${i.tasks.length})`,
              children: <TasksPanel incident={i} />,
            },
            { key: 'evidences', label: t('incidents.tabs.evidences'), children: <EvidencesPanel incident={i} /> },
            { key: 'comments', label: t('incidents.tabs.comments'), children: <CommentsPanel incident={i} /> },
            { key: 'history', label: t('incidents.tabs.history'), children: <HistoryPanel incidentId={i._id} active={tab === 'history'} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
