import { useEffect, useState } from 'react';
import { Badge, Button, Flex, Tooltip, Typography } from 'antd';
import { DeleteOutlined, FilePdfOutlined, UploadOutlined, WarningOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { TLabCategory } from '@audit/domain/lab-data';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { isApiError } from '../../api/errors';
import { userCan, useMe } from '../../session/me';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { useViewport } from '../../ui/useViewport';
import { LabFilters } from './LabFilters';
import { LabImportModal } from './LabImportModal';
import { LabReportDrawer } from './LabReportDrawer';
import { LabReportForm } from './LabReportForm';
import { QualifiedTag } from './LabTags';
import { useLabReport, useLabReports, type TLabFilters, type TLabReport } from './labDataApi';
import { RemoveLabReport } from './RemoveLabReport';

export type TLabView = 'list' | 'create' | 'detail' | 'edit';
const day = (d: string) => dayjs(d).format('DD-MM-YYYY');
const placeOf = (r: TLabReport) => [r.establishment?.name, r.measuringPoint?.name].filter(Boolean).join(' › ');

function columns(t: TFunction, onRemove: (r: TLabReport) => void): TListColumn<TLabReport>[] {
  return [
    { key: 'number', title: t('labData.fields.number'), locked: true, sorter: true, render: (_, r) => <strong>{r.number}</strong> },
    { key: 'extractionDate', title: t('labData.fields.extractionDate'), sorter: true, render: (_, r) => day(r.extractionDate) },
    { key: 'place', title: t('labData.fields.place'), render: (_, r) => placeOf(r) },
    { key: 'organism', title: t('labData.fields.organism'), render: (_, r) => r.organism ?? '—' },
    { key: 'results', title: t('labData.fields.results'), render: (_, r) => t('labData.resultsCount', { count: r.results.length }) },
    { key: 'qualified', title: t('labData.fields.qualified'), render: (_, r) => <QualifiedTag qualified={r.qualified} /> },
    { key: 'score', title: t('labData.fields.score'), sorter: true, render: (_, r) => (r.score === null ? '—' : `${r.score} %`) },
    {
      key: 'openIncidents',
      title: t('labData.fields.openIncidents'),
      render: (_, r) =>
        r.openIncidents ? (
          <Link to="/incidents/list/lab-data" onClick={(e) => e.stopPropagation()}>
            <Badge count={r.openIncidents} color="red" />
          </Link>
        ) : (
          '0'
        ),
    },
    {
      key: 'actions',
      title: t('labData.actions'),
      locked: true,
      fixed: 'right',
      align: 'center',
      render: (_, r) => (
        <span onClick={(e) => e.stopPropagation()}>
          {r.pdf && (
            <Tooltip title={t('labData.openPdf')}>
              <a href={r.pdf.url} target="_blank" rel="noreferrer" aria-label={t('labData.openPdf')} style={{ padding: '4px 8px' }}>
                <FilePdfOutlined />
              </a>
            </Tooltip>
          )}
          {r.can.delete && (
            <Tooltip title={t('common.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('labData.removeOf', { number: r.number })} onClick={() => onRemove(r)} />
            </Tooltip>
          )}
        </span>
      ),
    },
  ];
}

/** A phone shows each report as a card: number, verdict, date, place, open incidents. */
function ReportCard({ report, onOpen }: { report: TLabReport; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <PhoneCard
      testId="lab-report-card"
      title={report.number}
      tag={<QualifiedTag qualified={report.qualified} />}
      meta={[day(report.extractionDate), placeOf(report), report.organism].filter(Boolean).join(' · ')}
      onOpen={onOpen}
    >
      {report.openIncidents > 0 && (
        <Typography.Text type="danger" style={{ fontSize: 13 }}>
          <WarningOutlined /> {t('labData.openIncidentsCount', { count: report.openIncidents })}
        </Typography.Text>
      )}
    </PhoneCard>
  );
}

/** /lab-data/{food|pool|legionella|others}: one category's reports, server-paged; create, detail and edit open as drawers. */
export function LabReportsPage({ category, view = 'list' }: { category: TLabCategory; view?: TLabView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const params = useParams();
  const base = `/lab-data/${category}`;
  const canWrite = userCan(useMe().data, 'LAB_DATA_WRITE');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string | undefined>();
  const [filters, setFilters] = useState<TLabFilters>({});
  const [removing, setRemoving] = useState<TLabReport | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useLabReports({ category, page, size, search, sort, filters });
  const current = useLabReport(view === 'detail' || view === 'edit' ? params.id : undefined);
  const active = Object.values(filters).filter((v) => v !== undefined).length;
  const open = (r: TLabReport) => navigate(`${base}/${r._id}`);
  useEffect(() => {
    setPage(0);
    setFilters({});
  }, [category]);
  const notFound = current.isError && isApiError(current.error) && [404, 403].includes(current.error.status);
  useEffect(() => {
    if (notFound) navigate(base, { replace: true });
  }, [notFound, navigate, base]);

  const empty = t(active || search ? 'labData.empty' : 'labData.emptyNone');
  return (
    <>
      {canWrite && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="lab-import">
            {t('labData.import.open')}
          </Button>
        </Flex>
      )}
      <ListPage<TLabReport>
        title={t(`labData.titles.${category}`)}
        settingsKey="table.labReports"
        columns={columns(t, setRemoving)}
        defaultHidden={['results', 'organism']}
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
        onSortChange={setSort}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(0);
        }}
        renderFilters={(close) => (
          <LabFilters
            value={filters}
            onApply={(next) => {
              setFilters(next);
              setPage(0);
              close();
            }}
          />
        )}
        activeFilters={active}
        onAdd={canWrite ? () => navigate(`${base}/create`) : undefined}
        addLabel={t('labData.add')}
        onRowClick={open}
        view={isMobile ? 'directory' : 'table'}
        directory={
          <PhoneCards
            testId="lab-report-cards"
            items={list.data?.items}
            total={list.data?.total ?? 0}
            page={page}
            pageSize={size}
            onPageChange={setPage}
            loading={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            emptyText={empty}
            rowKey={(r) => r._id}
            renderCard={(r) => <ReportCard report={r} onOpen={() => open(r)} />}
          />
        }
        emptyText={empty}
      />
      <LabReportDrawer
        open={view === 'detail'}
        report={current.data}
        loading={current.isPending}
        error={current.error}
        onRetry={() => void current.refetch()}
        onClose={() => navigate(base)}
        onEdit={() => navigate(`${base}/${params.id}/edit`)}
        onRemove={setRemoving}
      />
      <LabReportForm
        open={view === 'create' || view === 'edit'}
        category={category}
        report={view === 'edit' ? current.data : undefined}
        loading={view === 'edit' && current.isPending}
        onClose={() => navigate(view === 'edit' ? `${base}/${params.id}` : base)}
        onSaved={(saved) => navigate(`${base}/${saved._id}`)}
      />
      <RemoveLabReport report={removing} onClose={() => setRemoving(null)} onRemoved={() => view !== 'list' && navigate(base)} />
      <LabImportModal open={importing} category={category} onClose={() => setImporting(false)} />
    </>
  );
}
