import { Button, Card, Descriptions, Drawer, Flex, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FilePdfOutlined, WarningOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { limitsText, QualifiedTag, valueText } from './LabTags';
import { unitText } from './labUnits';
import type { TLabReport } from './labDataApi';

function ResultTag({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'labData.ok' : 'labData.outOfLimits')}</Tag>;
}

interface TProps {
  open: boolean;
  report?: TLabReport;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
  onClose: () => void;
  onEdit: () => void;
  onRemove: (report: TLabReport) => void;
}

/** A report's detail: every field, the results with their limits (a failing one in red), the certificate, the open incidents. */
export function LabReportDrawer({ open, report: r, loading, error, onRetry, onClose, onEdit, onRemove }: TProps) {
  const { t, i18n } = useTranslation();
  const { isMobile } = useViewport();
  const language = i18n.language;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : 680}
      title={r ? `${t('labData.report')} ${r.number}` : t('labData.report')}
      destroyOnHidden
      data-testid="lab-report-detail"
    >
      {loading ? (
        <PageSkeleton rows={8} />
      ) : error || !r ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap>
            {r.can.update && (
              <Button type="primary" icon={<EditOutlined />} onClick={onEdit} data-testid="lab-report-edit">
                {t('common.edit')}
              </Button>
            )}
            {r.pdf && (
              <Button icon={<FilePdfOutlined />} href={r.pdf.url} target="_blank" rel="noreferrer">
                {r.pdf.name ?? t('labData.openPdf')}
              </Button>
            )}
            {r.can.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={() => onRemove(r)} data-testid="lab-report-delete">
                {t('common.delete')}
              </Button>
            )}
          </Flex>
          {r.openIncidents > 0 && (
            <Link to="/incidents/list/lab-data" data-testid="lab-report-incidents">
              <Typography.Text type="danger">
                <WarningOutlined /> {t('labData.openIncidentsCount', { count: r.openIncidents })}
              </Typography.Text>
            </Link>
          )}
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'qualified', label: t('labData.fields.qualified'), children: <QualifiedTag qualified={r.qualified} /> },
              { key: 'score', label: t('labData.fields.score'), children: r.score === null ? '—' : `${r.score} %` },
              { key: 'category', label: t('labData.fields.category'), children: t(`labData.categories.${r.category}`) },
              { key: 'extractionDate', label: t('labData.fields.extractionDate'), children: dayjs(r.extractionDate).format('DD-MM-YYYY') },
              { key: 'client', label: t('labData.fields.client'), children: r.client?.name ?? '—' },
              { key: 'establishment', label: t('labData.fields.establishment'), children: r.establishment?.name ?? '—' },
              { key: 'measuringPoint', label: t('labData.fields.measuringPoint'), children: r.measuringPoint?.name ?? '—' },
              { key: 'organism', label: t('labData.fields.organism'), children: r.resultCode ? `${r.resultCode} · ${r.organism}` : '—' },
              { key: 'result', label: t('labData.fields.result'), children: r.result ?? '—' },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('labData.fields.results')}
          </Typography.Title>
          {isMobile ? (
            // A phone lists the results as cards: no table scrolling sideways.
            <Flex vertical gap={8} data-testid="lab-results">
              {r.results.length ? (
                r.results.map((x) => (
                  <Card key={x._id} size="small">
                    <Flex justify="space-between" gap={8} wrap>
                      <Typography.Text strong>{x.parameter}</Typography.Text>
                      <ResultTag ok={x.qualified} />
                    </Flex>
                    <Typography.Text type={x.qualified ? 'secondary' : 'danger'}>
                      {valueText(x.value, language)} {unitText(x.unit, language)} · {t('labData.fields.limits')}: {limitsText(x.minValue, x.maxValue, language)}
                    </Typography.Text>
                  </Card>
                ))
              ) : (
                <Typography.Text type="secondary">{t('labData.noResults')}</Typography.Text>
              )}
            </Flex>
          ) : (
            <Table
              size="small"
              rowKey="_id"
              pagination={false}
              dataSource={r.results}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('labData.noResults') }}
              data-testid="lab-results"
              columns={[
                { key: 'parameter', title: t('labData.fields.parameter'), dataIndex: 'parameter' },
                {
                  key: 'value',
                  title: t('labData.fields.value'),
                  render: (_, x) => (
                    <Typography.Text type={x.qualified ? undefined : 'danger'} strong={!x.qualified}>
                      {valueText(x.value, language)} {unitText(x.unit, language)}
                    </Typography.Text>
                  ),
                },
                { key: 'limits', title: t('labData.fields.limits'), render: (_, x) => limitsText(x.minValue, x.maxValue, language) },
                { key: 'ok', title: '', render: (_, x) => <ResultTag ok={x.qualified} /> },
              ]}
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
