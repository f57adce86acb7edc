import { useState } from 'react';
import { Button, Flex, Space, Typography } from 'antd';
import { CheckSquareOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { INCIDENT_STATUSES, type TIncidentKind } from '@audit/domain/incidents';
import { RISK_LEVELS } from '@audit/domain/constants';
import { readIncidentsLink } from '../../manifest/listLinks';
import { incidentCalls } from '@audit/domain/calls/incidents';
import { downloadFile } from '../../api/download';
import { urlOf } from '../../api/send';
import { notifyError } from '../../ui/feedback';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { userCan, useMe } from '../../session/me';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { useViewport } from '../../ui/useViewport';
import { ViewSwitch } from '../../ui/ViewSwitch';
import { IncidentFilters } from './IncidentFilters';
import { RiskTag, StatusTag } from './IncidentTags';
import { ReportIncidentDrawer } from './ReportIncidentDrawer';
import { searchBody, useIncidentsList, type TIncident, type TIncidentFilters } from './incidentsApi';
import { incidentKindOf } from './searchBody';

const KINDS = ['audits', 'others', 'measurements', 'lab-data'] as const;
const day = (iso: string | null) => (iso ? dayjs(iso).format('DD-MM-YYYY') : '');

function columns(t: (key: string) => string, kind: TIncidentKind): TListColumn<TIncident>[] {
  return [
    { key: 'name', title: t('incidents.fields.name'), dataIndex: 'name', locked: true, sorter: true },
    { key: 'riskLevel', title: t('incidents.fields.risk'), render: (_, r) => <RiskTag risk={r.riskLevel} />, sorter: true },
    { key: 'status', title: t('incidents.fields.status'), render: (_, r) => <StatusTag status={r.status} />, sorter: true },
    { key: 'place', title: t('incidents.fields.place'), render: (_, r) => r.place ?? r.facility },
    { key: 'responsible', title: t('incidents.fields.responsible'), render: (_, r) => r.responsible?.name },
    kind === 'audits'
      ? { key: 'auditDate', title: t('incidents.fields.auditDate'), render: (_, r) => day(r.auditDate), sorter: true }
      : { key: 'openDate', title: t('incidents.fields.openDate'), render: (_, r) => day(r.openDate), sorter: true },
    { key: 'templateName', title: t('incidents.fields.template'), dataIndex: 'templateName' },
    { key: 'openTasks', title: t('incidents.fields.openTasks'), render: (_, r) => `${r.openTasks} / ${r.totalTasks}` },
  ];
}

/** A phone shows each incident as a card (390 px): name, risk and status, place, date. */
function IncidentCard({ incident, onOpen }: { incident: TIncident; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <PhoneCard testId="incident-card" title={incident.name} onOpen={onOpen}>
      {/* antd 6 tags have no margin of their own: the gap keeps two tags from touching. */}
      <Flex gap={4} wrap style={{ margin: '6px 0' }}>
        <RiskTag risk={incident.riskLevel} />
        <StatusTag status={incident.status} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {[incident.place ?? incident.facility, day(incident.auditDate ?? incident.openDate), `${t('incidents.fields.openTasks')}: ${incident.openTasks}`]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
    </PhoneCard>
  );
}

/**
 * /incidents/list/{audits|others|measurements}: one kind's incidents, server-paged, with their filters.
 * The lab-data tab is the lab-data feature's page (its fixed path /incidents/list/lab-data wins).
 */
export function IncidentsListPage() {
  const kind = incidentKindOf(useParams().kind);
  // An unknown kind (a mistyped or old address) opens the audits' incidents, not a page of raw keys.
  if (!kind) return <Navigate to="/incidents/list/audits" replace />;
  return <IncidentsList kind={kind} />;
}

function IncidentsList({ kind }: { kind: TIncidentKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string | undefined>();
  // A link with filters (a statistics figure, decision 0079) opens the list already narrowed to them.
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<TIncidentFilters>(() => readIncidentsLink(searchParams, RISK_LEVELS, [...INCIDENT_STATUSES, 'solved']));
  const list = useIncidentsList({ kind, page, size, search, sort, filters });
  const open = (incident: TIncident) => navigate(`/incidents/${incident._id}`);
  const active = Object.values(filters).filter(Boolean).length;
  const [exporting, setExporting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const me = useMe().data;
  const canReport = kind === 'others' && userCan(me, 'ISSUE:WRITE');
  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadFile(urlOf(incidentCalls.exportExcel), `${t(`incidents.titles.${kind}`)}.xlsx`, {
        body: searchBody({ kind, search, sort, filters }),
      });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const tabs = (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
      <div style={{ flex: isMobile ? '1 1 100%' : undefined }}>
        <ViewSwitch
          value={kind}
          onChange={(value) => {
            setPage(0);
            setFilters({});
            navigate(`/incidents/list/${value}`);
          }}
          options={KINDS.map((k) => ({ value: k, label: t(`incidents.kinds.${k}`) }))}
          label={t('incidents.kindsLabel')}
          testId="incident-kinds"
        />
      </div>
      <Space>
        {canReport && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setReporting(true)}
            aria-label={t('incidents.report.new')}
            data-testid="report-incident"
          >
            {!isMobile && t('incidents.report.new')}
          </Button>
        )}
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={exportExcel} aria-label={t('incidents.export')} data-testid="incidents-export">
          {!isMobile && t('incidents.export')}
        </Button>
        <Link to="/tasks">
          <Button icon={<CheckSquareOutlined />}>{t('incidents.tasksLink')}</Button>
        </Link>
      </Space>
    </Flex>
  );
  return (
    <>
      {tabs}
      <ListPage<TIncident>
        title={t(`incidents.titles.${kind}`)}
        settingsKey={`table.incidents.${kind}`}
        columns={columns(t, kind)}
        defaultHidden={['templateName']}
        rowKey={(r) => r._id}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={page}
        pageSize={size}
        onPageChange={(next, nextSize) => {
          setPage(nextSize === size ? next : 0);
          setSize(nextSize);
        }}
        onSortChange={(next) => setSort(next)}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(0);
        }}
        renderFilters={(close) => (
          <IncidentFilters
            key={kind}
            kind={kind}
            value={filters}
            onApply={(next) => {
              setFilters(next);
              setPage(0);
              close();
            }}
          />
        )}
        activeFilters={active}
        onRowClick={open}
        view={isMobile ? 'directory' : 'table'}
        directory={
          <PhoneCards
            testId="incident-cards"
            items={list.data?.items}
            total={list.data?.total ?? 0}
            page={page}
            pageSize={size}
            onPageChange={setPage}
            loading={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            emptyText={t(active || search ? 'incidents.empty' : 'incidents.emptyNone')}
            rowKey={(incident) => incident._id}
            renderCard={(incident) => <IncidentCard incident={incident} onOpen={() => open(incident)} />}
          />
        }
        emptyText={t(active || search ? 'incidents.empty' : 'incidents.emptyNone')}
      />
      {canReport && <ReportIncidentDrawer open={reporting} onClose={() => setReporting(false)} />}
    </>
  );
}
