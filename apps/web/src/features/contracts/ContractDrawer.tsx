import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TServiceContractStatus } from '@audit/domain/contracts/schemas';
import { formatCents } from '@audit/domain/contracts/totals';
import { formatDay, formatInstantDay } from '@audit/domain/dates';
import { downloadFile } from '../../api/download';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyError } from '../../ui/feedback';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { ContractStatusTag } from './ContractStatusTag';
import { ContractTotals } from './ContractTotals';
import { contractPdfUrl, useMoveContract, useRemoveContract, type TContract } from './contractsApi';

interface TProps {
  open: boolean;
  contract?: TContract;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
  onClose: () => void;
  onEdit: () => void;
}

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One contract: its fields, lines and totals; its moves (asked first), edit and delete while a draft, and its PDF. */
export function ContractDrawer({ open, contract: c, loading, error, onRetry, onClose, onEdit }: TProps) {
  const { t, i18n } = useTranslation();
  const { isMobile } = useViewport();
  const money = (cents: number) => formatCents(cents, i18n.language);
  const move = useMoveContract();
  const remove = useRemoveContract();
  const [asking, setAsking] = useState<TServiceContractStatus | 'remove' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const pdf = async () => {
    if (!c) return;
    setDownloading(true);
    try {
      await downloadFile(contractPdfUrl(c._id), `${t('contracts.detailTitle')} ${c.reference ?? c._id.slice(0, 8)}.pdf`);
    } catch (e) {
      notifyError(e);
    } finally {
      setDownloading(false);
    }
  };
  const confirm = () => {
    if (!c || !asking) return;
    if (asking === 'remove') remove.mutate(c._id, { onSuccess: () => (setAsking(null), onClose()) });
    else move.mutate({ id: c._id, status: asking }, { onSuccess: () => setAsking(null) });
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : 760}
      title={c ? `${t('contracts.detailTitle')} ${c.reference ?? ''}`.trim() : t('contracts.detailTitle')}
      destroyOnHidden
      data-testid="contract-detail"
      extra={
        c && (
          <Flex gap={8} wrap justify="end">
            <Button icon={<FilePdfOutlined />} loading={downloading} onClick={() => void pdf()} aria-label={t('contracts.pdf')} data-testid="contract-pdf">
              {!isMobile && t('contracts.pdf')}
            </Button>
            {c.can.update && (
              <Button icon={<EditOutlined />} onClick={onEdit} aria-label={t('common.edit')} data-testid="contract-edit">
                {!isMobile && t('common.edit')}
              </Button>
            )}
            {c.can.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={() => setAsking('remove')} aria-label={t('common.delete')} data-testid="contract-remove" />
            )}
          </Flex>
        )
      }
    >
      {loading ? (
        <PageSkeleton rows={8} />
      ) : error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : c ? (
        <Flex vertical gap={16}>
          <Descriptions column={isMobile ? 1 : 2} size="small" bordered>
            <Descriptions.Item label={t('contracts.fields.client')}>{c.client.name}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.fields.status')}>
              <ContractStatusTag status={c.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.fields.reference')}>{c.reference ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.fields.period')}>
              {formatDay(c.startDate)} – {c.endDate ? formatDay(c.endDate) : t('contracts.openEnded')}
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.fields.createdAt')}>{formatInstantDay(c.createdAt, zone)}</Descriptions.Item>
            {c.closeAt && <Descriptions.Item label={t('contracts.fields.closeAt')}>{formatInstantDay(c.closeAt, zone)}</Descriptions.Item>}
          </Descriptions>
          {c.moves.length > 0 && (
            <Flex gap={8} wrap>
              {c.moves.map((status) => (
                <Button key={status} type="primary" onClick={() => setAsking(status)} data-testid={`contract-move-${status}`}>
                  {t(`contracts.moveTo.${status}`)}
                </Button>
              ))}
            </Flex>
          )}
          {c.status !== 'DRAFT' && <Alert type="info" showIcon title={t('contracts.readOnly')} />}
          {isMobile ? (
            // A phone lists the lines one under another instead of a table wider than the screen.
            <Flex vertical data-testid="contract-lines">
              {c.lines.map((l) => (
                <Flex key={l._id} justify="space-between" gap={12} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
                  <div style={{ minWidth: 0 }}>
                    <Typography.Text strong>{l.service.name}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {l.quantity} × {money(l.unitPriceCents)} · {t('contracts.fields.groupIva')} {l.ivaPercentage} %
                    </Typography.Text>
                  </div>
                  <Typography.Text style={{ whiteSpace: 'nowrap' }}>{money(l.totalCents)}</Typography.Text>
                </Flex>
              ))}
            </Flex>
          ) : (
            <Table
              rowKey="_id"
              size="small"
              pagination={false}
              scroll={{ x: true }}
              dataSource={c.lines}
              columns={[
                { key: 'service', title: t('contracts.fields.service'), render: (_, l) => l.service.name },
                { key: 'quantity', title: t('contracts.fields.quantity'), dataIndex: 'quantity', align: 'right' },
                { key: 'unitPrice', title: t('contracts.fields.unitPrice'), align: 'right', render: (_, l) => money(l.unitPriceCents) },
                { key: 'iva', title: t('contracts.fields.groupIva'), align: 'right', render: (_, l) => `${l.ivaPercentage} %` },
                { key: 'total', title: t('contracts.fields.lineTotal'), align: 'right', render: (_, l) => money(l.totalCents) },
              ]}
            />
          )}
          <ContractTotals totals={c} testId="contract-totals" />
        </Flex>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        danger={asking === 'remove' || asking === 'CLOSED'}
        title={asking === 'remove' ? t('contracts.removeTitle') : asking ? t(`contracts.moveQuestion.${asking}`) : ''}
        content={asking === 'remove' ? t('contracts.removeText') : undefined}
        confirmText={asking === 'remove' ? t('common.delete') : asking ? t(`contracts.moveTo.${asking}`) : undefined}
        loading={move.isPending || remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </Drawer>
  );
}
