import { useState } from 'react';
import { Button, Card, Empty, Flex, Form, Pagination, Segmented, Select, Skeleton, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LAB_CATEGORIES, LAB_INCIDENT_STATUSES, type TLabCategory, type TLabIncidentStatus } from '@audit/domain/lab-data';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { downloadFile } from '../../api/download';
import { notifyError } from '../../ui/feedback';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { ErrorState } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { LabStatusTag, limitsText, valueText } from './LabTags';
import { LAB_INCIDENTS_EXPORT, labIncidentsBody, useLabIncidents, useMoveLabIncident, type TLabIncident } from './labDataApi';

const KINDS = ['audits', 'others', 'measurements', 'lab-data'] as const;
const MOVE_LABEL: Record<TLabIncidentStatus, string> = { DRAFT: 'labData.moves.DRAFT', RUNNING: 'labData.moves.RUNNING', SOLVED: 'labData.moves.SOLVED' };

/** The moves the server offers this caller (its `moves`), one button each. */
function Moves({ incident }: { incident: TLabIncident }) {
  const { t } = useTranslation();
  const move = useMoveLabIncident();
  if (!incident.moves.length) return null;
  return (
    <Flex gap={4} wrap onClick={(e) => e.stopPropagation()}>
      {incident.moves.map((to) => (
        <Button
          key={to}
          size="small"
          type={to === 'SOLVED' || (to === 'RUNNING' && incident.status === 'DRAFT') ? 'primary' : 'default'}
          loading={move.isPending && move.variables?.status === to}
          onClick={() => move.mutate({ id: incident._id, status: to })}
          data-testid={`lab-move-${to}`}
        >
          {t(incident.status === 'SOLVED' && to === 'RUNNING' ? 'labData.moves.reopen' : MOVE_LABEL[to])}
        </Button>
      ))}
    </Flex>
  );
}

const reading = (i: TLabIncident, language: string) => `${valueText(i.value, language)} ${i.unit ?? ''} (${limitsText(i.minValue, i.maxValue, language)})`;
const reportLink = (i: TLabIncident) => <Link to={`/lab-data/${i.category}/${i.report._id}`}>{i.report.number}</Link>;

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
    { key: 'moves', title: t('labData.actions'), locked: true, render: (_, i) => <Moves incident={i} /> },
  ];
}

function IncidentCard({ incident }: { incident: TLabIncident }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="small" data-testid="lab-incident-card">
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{incident.parameter}</Typography.Text>
        <LabStatusTag status={incident.status} />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13, margin: '6px 0' }}>
        {reading(incident, i18n.language)} · {t(`labData.categories.${incident.category}`)} · {reportLink(incident)} ·{' '}
        {dayjs(incident.openDate).format('DD-MM-YYYY')}
        {incident.place ? ` · ${incident.place}` : ''}
      </Typography.Paragraph>
      <Moves incident={incident} />
    </Card>
  );
}

/** /incidents/list/lab-data: the lab incidents (DRAFT, RUNNING, SOLVED), beside the other kinds of incidents. */
export function LabIncidentsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TLabIncidentStatus[]>([]);
  const [category, setCategory] = useState<TLabCategory | undefined>();
  const list = useLabIncidents({ page, size, search, status, category });
  const active = (status.length ? 1 : 0) + (category ? 1 : 0);
  const empty = t(active || search ? 'labData.incidentsEmpty' : 'labData.incidentsNone');
  const [exporting, setExporting] = useState(false);
  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadFile(LAB_INCIDENTS_EXPORT, `${t('labData.incidentsTitle')}.xlsx`, { body: labIncidentsBody({ search, status, category }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const cards = (
    <div data-testid="lab-incident-cards">
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton active />
      ) : !list.data?.items.length ? (
        <Empty description={empty} />
      ) : (
        <Flex vertical gap={8}>
          {list.data.items.map((i) => (
            <IncidentCard key={i._id} incident={i} />
          ))}
          <Pagination simple current={page + 1} pageSize={size} total={list.data.total} onChange={(p) => setPage(p - 1)} style={{ alignSelf: 'center' }} />
        </Flex>
      )}
    </div>
  );

  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Segmented
            value="lab-data"
            onChange={(value) => navigate(`/incidents/list/${value}`)}
            options={KINDS.map((k) => ({ value: k, label: t(`labData.kinds.${k}`) }))}
            data-testid="incident-kinds"
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
          <Form
            layout="vertical"
            initialValues={{ status, category }}
            onFinish={(v: { status?: TLabIncidentStatus[]; category?: TLabCategory }) => {
              setStatus(v.status ?? []);
              setCategory(v.category);
              setPage(0);
              close();
            }}
          >
            <Form.Item name="status" label={t('labData.fields.status')}>
              <Select mode="multiple" allowClear options={LAB_INCIDENT_STATUSES.map((s) => ({ value: s, label: t(`labData.status.${s}`) }))} />
            </Form.Item>
            <Form.Item name="category" label={t('labData.fields.category')}>
              <Select allowClear options={LAB_CATEGORIES.map((c) => ({ value: c, label: t(`labData.categories.${c}`) }))} />
            </Form.Item>
            <Flex gap={8} justify="end">
              <Button
                onClick={() => {
                  setStatus([]);
                  setCategory(undefined);
                  close();
                }}
              >
                {t('list.resetFilters')}
              </Button>
              <Button type="primary" htmlType="submit">
                {t('list.applyFilters')}
              </Button>
            </Flex>
          </Form>
        )}
        activeFilters={active}
        view={isMobile ? 'directory' : 'table'}
        directory={cards}
        emptyText={empty}
      />
    </>
  );
}
