import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, Flex, Skeleton, Table } from 'antd';
import { DownloadOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../ui/PageStates';
import { cellsOf, type TDataset, type TRow } from './dataset';
import { saveCsv, toCsv } from './csv';
import { formatCount, formatPct } from './format';

interface TFigureQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface TChartCardProps {
  title: string;
  testId: string;
  query: TFigureQuery;
  /** The rows behind the chart (undefined while loading). */
  dataset: TDataset | undefined;
  /** The CSV file's name, without extension. */
  csvName: string;
  /** Nothing to show although rows came (e.g. every count is 0). */
  empty?: boolean;
  wide?: boolean;
  /** Opens as its table (a benchmark of many columns). */
  startAsTable?: boolean;
  /** The chart itself. */
  children: ReactNode;
}

/** A dataset as a table: the same rows, every column, the links of the chart. */
function DataTable({ dataset }: { dataset: TDataset }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Table<TRow>
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowKey={(row) => dataset.rows.indexOf(row)}
      dataSource={dataset.rows}
      columns={dataset.columns.map((column) => ({
        key: column.key,
        title: column.label,
        align: column.kind === 'text' ? 'left' : 'right',
        render: (_: unknown, row: TRow) => {
          const value = row[column.key];
          const text =
            column.kind === 'pct'
              ? formatPct(value as number | null, language)
              : column.kind === 'count' && typeof value === 'number'
                ? formatCount(value, language)
                : String(value ?? '–');
          const href = dataset.link?.(row, column.key);
          return href ? <Link to={href}>{text}</Link> : text;
        },
      }))}
    />
  );
}

/**
 * One statistics figure (decision 0079): its title, the chart or its rows as a table (the toggle),
 * a CSV of those rows, and the loading (skeleton), empty ("no data for this range") and error states.
 */
export function ChartCard({ title, testId, query, dataset, csvName, empty, wide, startAsTable = false, children }: TChartCardProps) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(startAsTable);
  const hasRows = Boolean(dataset && dataset.rows.length > 0 && !empty);
  const downloadCsv = () =>
    dataset &&
    saveCsv(
      toCsv(
        dataset.columns.map((c) => c.label),
        cellsOf(dataset),
        i18n.language,
      ),
      csvName,
    );
  const extra = hasRows && (
    <Flex gap={4}>
      <Button size="small" icon={<TableOutlined />} aria-pressed={asTable} onClick={() => setAsTable(!asTable)} data-testid={`${testId}-table-toggle`}>
        {t(asTable ? 'statistics.showChart' : 'statistics.showTable')}
      </Button>
      <Button size="small" icon={<DownloadOutlined />} onClick={downloadCsv} aria-label={`${t('statistics.csv')}: ${title}`} data-testid={`${testId}-csv`}>
        CSV
      </Button>
    </Flex>
  );
  let body: ReactNode;
  if (query.isPending && !dataset) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.error && !dataset) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!hasRows) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.noData')} />;
  else body = asTable ? <DataTable dataset={dataset!} /> : children;
  return (
    <Card
      className={`stats-card${wide ? ' stats-grid-wide' : ''}`}
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}
      extra={extra}
      data-testid={testId}
    >
      {body}
    </Card>
  );
}
