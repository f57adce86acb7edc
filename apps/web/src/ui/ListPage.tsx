import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Drawer, Empty, Flex, Segmented, Table, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd/es/table';
import { AppstoreOutlined, ApartmentOutlined, DisconnectOutlined, FilterOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZES } from '@audit/domain/search';
import { ErrorState } from './PageStates';
import { SearchBox } from './SearchBox';
import { useTableSettings } from './tableSettings';
import { TableSettingsMenu } from './TableSettingsMenu';
import { useViewport } from './useViewport';
import { shownColumns, type TListColumn } from './listColumns';

export type TListView = 'table' | 'directory' | 'tree';
export type { TListColumn } from './listColumns';

/** Page sizes of the table: 10, 20, 50, 100, 500 (1000 is optional in the spec and left out). */
export const PAGE_SIZES = TABLE_PAGE_SIZES.filter((size) => size <= 500);

interface TListPageProps<T> {
  title: string;
  settingsKey: string;
  /** Columns hidden until the user shows them in the table settings. */
  defaultHidden?: string[];
  columns: TListColumn<T>[];
  rowKey: (row: T) => string;
  rows: T[] | undefined;
  total: number;
  loading: boolean;
  /** Offline before the first page arrived: said so, instead of an empty list. */
  waitingForNetwork?: boolean;
  error?: unknown;
  onRetry?: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onSortChange?: (sort: string | undefined) => void;
  search: string;
  onSearch: (text: string) => void;
  renderFilters?: (close: () => void) => ReactNode;
  activeFilters?: number;
  onAdd?: () => void;
  addLabel?: string;
  rowSelection?: TableProps<T>['rowSelection'];
  bulkActions?: ReactNode;
  views?: TListView[];
  view?: TListView;
  onViewChange?: (view: TListView) => void;
  directory?: ReactNode;
  tree?: ReactNode;
  /** Opens a row (a click anywhere on it, or Enter when it has focus); the row gets the pointer cursor. */
  onRowClick?: (row: T) => void;
  /** Shown instead of the generic empty text. */
  emptyText?: string;
}

const VIEW_ICONS: Record<TListView, ReactNode> = { table: <UnorderedListOutlined />, directory: <AppstoreOutlined />, tree: <ApartmentOutlined /> };

/** The shared list page: title, filters, search, add, view switcher, server-paged table with settings. */
export function ListPage<T extends object>(props: TListPageProps<T>) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { settings, update } = useTableSettings(props.settingsKey, props.defaultHidden);
  const view = props.view ?? 'table';
  const visibleColumns = shownColumns(props.columns, settings.hidden, props.rows);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort' && props.onSortChange) {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.columnKey ? String(one.columnKey) : undefined;
      props.onSortChange(one?.order && field ? `${one.order === 'descend' ? '-' : ''}${field}` : undefined);
    }
    if (extra.action === 'paginate') props.onPageChange((pagination.current ?? 1) - 1, pagination.pageSize ?? props.pageSize);
  };

  return (
    <Card className="list-page" styles={{ body: { padding: isMobile ? 12 : 20 } }}>
      <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          {/* A phone wraps a long title ("Planificación de auditorías") rather than cutting it. */}
          <Typography.Title level={3} style={{ margin: 0, fontSize: isMobile ? 20 : undefined }} ellipsis={isMobile ? false : { tooltip: props.title }}>
            {props.title}
          </Typography.Title>
          {!props.loading && !props.waitingForNetwork && (
            <Badge count={props.total} showZero overflowCount={99999} color="#e6f2ef" style={{ color: '#0b6e5f' }} />
          )}
        </Flex>
        {props.onAdd && (
          <Tooltip title={isMobile ? props.addLabel : undefined}>
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} aria-label={props.addLabel} data-testid="list-add">
              {!isMobile && props.addLabel}
            </Button>
          </Tooltip>
        )}
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <div style={{ flex: isMobile ? '1 1 100%' : '0 1 360px', minWidth: 0 }}>
          <SearchBox value={props.search} onSearch={props.onSearch} />
        </div>
        {props.renderFilters && (
          <Badge count={props.activeFilters} size="small">
            <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)} data-testid="list-filters">
              {!isMobile && t('list.filters')}
            </Button>
          </Badge>
        )}
        {props.views && props.views.length > 1 && (
          <Segmented
            value={view}
            onChange={(v) => props.onViewChange?.(v as TListView)}
            options={props.views.map((v) => ({ value: v, icon: VIEW_ICONS[v], title: t(`list.view.${v}`) }))}
            aria-label={t('list.view.label')}
          />
        )}
        {view === 'table' && <TableSettingsMenu settings={settings} columns={props.columns} onChange={update} />}
        {view === 'table' && props.bulkActions && <div style={{ marginInlineStart: 'auto' }}>{props.bulkActions}</div>}
      </Flex>
      {view === 'directory' && props.directory}
      {view === 'tree' && props.tree}
      {view === 'table' &&
        (props.error ? (
          <ErrorState error={props.error} onRetry={props.onRetry} />
        ) : (
          <Table<T>
            rowKey={props.rowKey}
            columns={visibleColumns}
            dataSource={props.rows}
            loading={props.loading}
            size={settings.size}
            rowSelection={props.rowSelection}
            onRow={
              props.onRowClick
                ? (row) => ({
                    onClick: () => props.onRowClick!(row),
                    onKeyDown: (e) => e.key === 'Enter' && e.target === e.currentTarget && props.onRowClick!(row),
                    tabIndex: 0,
                    style: { cursor: 'pointer' },
                  })
                : undefined
            }
            onChange={onChange}
            // Cells wrap to the page's width (a long name takes two lines); the table scrolls sideways
            // only when even wrapped it does not fit (`max-content` kept every cell on one line and
            // pushed the last columns out of a 1440 px screen). Action columns are `fixed: 'right'`.
            scroll={{ x: true }}
            tableLayout="auto"
            locale={{
              emptyText: props.waitingForNetwork ? (
                <Empty
                  image={<DisconnectOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />}
                  styles={{ image: { height: 56 } }}
                  description={t('list.waitingForNetwork')}
                  data-testid="list-offline"
                />
              ) : (
                <Empty description={props.emptyText ?? t('list.empty')} />
              ),
            }}
            pagination={{
              current: props.page + 1,
              pageSize: props.pageSize,
              total: props.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => t('list.total', { count: total }),
              size: isMobile ? 'small' : undefined,
            }}
          />
        ))}
      {props.renderFilters && (
        <Drawer title={t('list.filters')} open={filtersOpen} onClose={() => setFiltersOpen(false)} size={isMobile ? '100%' : 380} destroyOnHidden={false}>
          {props.renderFilters(() => setFiltersOpen(false))}
        </Drawer>
      )}
    </Card>
  );
}
