import { useEffect, useState } from 'react';
import { Button, Flex } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { LAB_INCIDENT_STATUSES } from '@audit/domain/lab-data';
import { downloadFile } from '../../api/download';
import { isApiError } from '../../api/errors';
import { notifyError } from '../../ui/feedback';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { useViewport } from '../../ui/useViewport';
import { ViewSwitch } from '../../ui/ViewSwitch';
import { readLabIncidentsLink } from '../../manifest/listLinks';
import { LabIncidentFilters, type TLabIncidentFilters } from './LabFilters';
import { LabIncidentDrawer } from './LabIncidentDrawer';
import { LabIncidentMoves } from './LabIncidentMoves';
import { LabStatusTag, limitsText, valueText } from './LabTags';
import { unitText } from './labUnits';
import { LAB_INCIDENTS_EXPORT, labIncidentsBody, useLabIncident, useLabIncidents, type TLabIncident } from './labDataApi';

const KINDS = ['audits', 'others', 'measurements', 'lab-data'] as const;
const BASE = '/incidents/list/lab-data';

const reading = (i: TLabIncident, language: string) =>
  `${valueText(i.value, language)} ${unitText(i.unit, language)} (${limitsText(i.minValue, i.maxValue, language)})`;
// The report's own page: a click on it does not also open the incident's row.
const reportLink = (i: TLabIncident) => (
  <Link to={`/lab-data/${i.category}/${i.report._id}`} onClick={(e) => e.stopPropagation()}>
    {i.report.number}
  </Link>
);

function columns(t: TFunction, language: string): TListColumn<TLabIncident>[] {
  return [
    { key: 'parameter', title: t('labData.fields.parameter'), dataIndex: 'parameter', locked: true },
    { key: 'status', title: t('labData.fields.status'), render: (_, i) => <LabStatusTag status={i.status} /> },
    { key: 'reading', title: t('labData.fields.value'), render: (_, i) => reading(i, language) },
    { key: 'category', title: t('labData.fields.category'), render: (_, i) => t(`labData.categories.${i.category}`) },
    { key: 'report', title: t('labData.report'), render: (_, i) => reportLink(i) },
    { key: 'place', title: t('labData.fields.establishment'), render: (_, i) => i.place ?? '—' },
    { key: 'openDate', title: t('labData.fields.extractionDate'), sorter: true, render: (_, i) => dayjs(i.openDate).format('DD-MM-YYYY') },
    {
      key: 'changed',
      title: t('labData.fields.changed'),
      render: (_, i) => (i.changedBy ? `${i.changedBy.name} · ${dayjs(i.changedAt).format('DD-MM-YYYY HH:mm')}` : '—'),
    },
    // Kept in sight at the right edge; not shown at all when no row offers a move (a client's list).
    {
      key: 'moves',
      title: t('labData.actions'),
      locked: true,
      fixed: 'right',
      onlyIf: (i) => i.moves.length > 0,
      render: (_, i) => <LabIncidentMoves incident={i} />,
    },
  ];
}

function IncidentCard({ incident, onOpen }: { incident: TLabIncident; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <PhoneCard
      testId="lab-incident-card"
      title={incident.parameter}
      tag={<LabStatusTag status={incident.status} />}
      onOpen={onOpen}
      meta={
        <>
          {reading(incident, i18n.language)} · {t(`labData.categories.${incident.category}`)} · {reportLink(incident)} ·{' '}
          {dayjs(incident.openDate).format('DD-MM-YYYY')}
          {incident.place ? ` · ${incident.place}` : ''}
        </>
      }
    >
      <div style={{ marginTop: 6 }}>
        <LabIncidentMoves incident={incident} />
      </div>
    </PhoneCard>
  );
}

/**
 * /incidents/list/lab-data: the lab incidents (DRAFT, RUNNING, SOLVED), beside the other kinds of
 * incidents; /incidents/list/lab-data/{id} opens one in a drawer with its history.
 */
export function LabIncidentsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const id = useParams().id;
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  // A link (the home's "see all") may open the list filtered: ?status=DRAFT&status=RUNNING
  const [params] = useSearchParams();
  const [linked] = useState(() => readLabIncidentsLink(params, LAB_INCIDENT_STATUSES));
  const [filters, setFilters] = useState<TLabIncidentFilters>({ status: linked });
  const list = useLabIncidents({ page, size, search, ...filters });
  const current = useLabIncident(id);
  const active = (filters.status.length ? 1 : 0) + (filters.category ? 1 : 0);
  const empty = t(active || search ? 'labData.incidentsEmpty' : 'labData.incidentsNone');
  const open = (i: TLabIncident) => navigate(`${BASE}/${i._id}`);
  const notFound = current.isError && isApiError(current.error) && [404, 403].includes(current.error.status);
  useEffect(() => {
    if (notFound) navigate(BASE, { replace: true });
  }, [notFound, navigate]);
  const [exporting, setExporting] = useState(false);
  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadFile(LAB_INCIDENTS_EXPORT, `${t('labData.incidentsTitle')}.xlsx`, { body: labIncidentsBody({ search, ...filters }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <div style={{ flex: isMobile ? '1 1 0' : undefined, minWidth: 0 }}>
          <ViewSwitch
            value="lab-data"
            onChange={(value) => navigate(`/incidents/list/${value}`)}
            options={KINDS.map((k) => ({ value: k, label: t(`labData.kinds.${k}`) }))}
            label={t('labData.kindsLabel')}
            testId="incident-kinds"
          />
        </div>
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={exportExcel} aria-label={t('labData.export')} data-testid="lab-incidents-export">
          {!isMobile && t('labData.export')}
        </Button>
      </Flex>
      <ListPage<TLabIncident>
        title={t('labData.incidentsTitle')}
        settingsKey="table.labIncidents"
        columns={columns(t, i18n.language)}
        defaultHidden={['changed', 'category']}
        rowKey={(i) => i._id}
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
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(0);
        }}
        renderFilters={(close) => (
          <LabIncidentFilters
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
            testId="lab-incident-cards"
            items={list.data?.items}
            total={list.data?.total ?? 0}
            page={page}
            pageSize={size}
            onPageChange={setPage}
            loading={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            emptyText={empty}
            rowKey={(i) => i._id}
            renderCard={(i) => <IncidentCard incident={i} onOpen={() => open(i)} />}
          />
        }
        emptyText={empty}
      />
      <LabIncidentDrawer
        open={Boolean(id)}
        incident={current.data}
        loading={current.isPending}
        error={current.error}
        onRetry={() => void current.refetch()}
        onClose={() => navigate(BASE)}
      />
    </>
  );
}
