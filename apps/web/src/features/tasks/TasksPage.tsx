import { useState } from 'react';
import { Button, Flex, Segmented, Tag } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { TASK_STATUS_COLOURS, ZIncidentTaskOut, type TIncidentTaskOut } from '@audit/domain/incidents';
import { taskCalls } from '@audit/domain/calls/incidents';
import { downloadFile } from '../../api/download';
import { sendPage, urlOf } from '../../api/send';
import { wholeRows } from '../../api/wholeRows';
import { notifyError } from '../../ui/feedback';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { useViewport } from '../../ui/useViewport';
import { readTasksLink } from '../../manifest/listLinks';

type TTask = TIncidentTaskOut;
const TASKS_EXPORT = urlOf(taskCalls.exportExcel);
const FILTERS = ['open', 'overdue', 'complete', 'all'] as const;
/** Below 768 px (a phone) the table keeps the action, its status and its due date in view. */
const FROM_TABLET: TListColumn<TIncidentTaskOut>['responsive'] = ['md'];
type TFilter = (typeof FILTERS)[number];

// Open: still to be worked, so not the actions of a superseded incident (kept as a record, decision 0063; the server's overdue leaves them out too).
const filtersOf = (filter: TFilter) =>
  filter === 'open'
    ? [
        { field: 'status', operator: '$in' as const, value: ['toDo', 'running'] },
        { field: 'supersededIncident', operator: 'eq' as const, value: false },
      ]
    : filter === 'overdue'
      ? [{ field: 'overdue', operator: 'eq' as const, value: true }]
      : filter === 'complete'
        ? [{ field: 'status', operator: 'eq' as const, value: 'complete' }]
        : [];

/** /tasks: every corrective action of the scope; overdue ones in red; a row opens its incident. */
export function TasksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  // A link (the home's "see all") may open another tab: ?filter=overdue
  const [params] = useSearchParams();
  // A link (the home's "see all") may open a tab: ?filter=overdue
  const [linked] = useState(() => readTasksLink(params, FILTERS) ?? 'open');
  const [filter, setFilter] = useState<TFilter>(linked);
  const list = useQuery({
    queryKey: ['incidents', 'tasks', { page, size, search, filter }],
    queryFn: async () => wholeRows(ZIncidentTaskOut, sendPage(taskCalls.search, { page, size, search: search || undefined, filters: filtersOf(filter) })),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  // The list's own body (its search and filter), so the file holds the rows the list shows.
  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadFile(TASKS_EXPORT, `${t('tasks.title')}.xlsx`, { body: { search: search || undefined, filters: filtersOf(filter) } });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };
  const columns: TListColumn<TTask>[] = [
    {
      key: 'name',
      title: t('tasks.fields.name'),
      locked: true,
      // On a phone a long action wraps, so its status and due date stay in view (390 px).
      render: (_, r) => <div style={isMobile ? { maxWidth: 120, whiteSpace: 'normal', overflowWrap: 'anywhere' } : undefined}>{r.name}</div>,
    },
    { key: 'incident', title: t('tasks.fields.incident'), dataIndex: 'incidentName', responsive: FROM_TABLET },
    {
      key: 'status',
      title: t('tasks.fields.status'),
      render: (_, r) => (
        // antd 6 tags have no margin of their own: the gap keeps them from touching; on a phone they stack.
        <Flex gap={4} wrap vertical={isMobile} align="flex-start" data-testid="task-row-status">
          <Tag color={TASK_STATUS_COLOURS[r.status]}>{t(`tasks.status.${r.status}`)}</Tag>
          {r.overdue && <Tag color="red">{t('tasks.overdue')}</Tag>}
          {r.verifiedAt && <Tag color="green">{t('tasks.verified')}</Tag>}
        </Flex>
      ),
    },
    { key: 'responsible', title: t('tasks.fields.responsible'), render: (_, r) => r.responsible?.name, responsive: FROM_TABLET },
    { key: 'priority', title: t('tasks.fields.priority'), render: (_, r) => t(`tasks.priority.${r.priority}`), responsive: FROM_TABLET },
    {
      key: 'dueDate',
      title: t('tasks.fields.dueDate'),
      render: (_, r) => (r.dueDate ? <span style={{ color: r.overdue ? '#cf1322' : undefined }}>{dayjs(r.dueDate).format('DD-MM-YYYY')}</span> : null),
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        {/* On a phone the four tabs scroll sideways rather than push the button off the row. */}
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Segmented
            value={filter}
            onChange={(value) => {
              setFilter(value as TFilter);
              setPage(0);
            }}
            options={FILTERS.map((f) => ({ value: f, label: t(`tasks.filters.${f}`) }))}
            data-testid="task-filters"
          />
        </div>
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={exportExcel} aria-label={t('tasks.export')} data-testid="tasks-export">
          {!isMobile && t('tasks.export')}
        </Button>
      </Flex>
      <ListPage<TTask>
        title={t('tasks.title')}
        settingsKey="table.tasks"
        columns={columns}
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
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(0);
        }}
        onRowClick={(task) => navigate(`/incidents/${task.incidentId}`)}
        emptyText={t('tasks.empty')}
      />
    </>
  );
}
