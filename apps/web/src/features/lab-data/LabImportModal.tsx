import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Modal, Select, Table, Typography, Upload } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LAB_CSV_MAX_CHARS, LAB_XLSX_MAX_BYTES, type TLabCategory, type TLabImportPreview } from '@audit/domain/lab-data';
import { notifyError } from '../../ui/feedback';
import { ErrorState } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { previewImport, useImportLab, useLabPlaces } from './labDataApi';

type TRow = TLabImportPreview['reports'][number];
/** The chosen file as the import call takes it: a CSV's text, or an Excel workbook in base64 (decision 0053). */
type TLabFile = { name: string; content: { csv: string } | { xlsx: string } };

const isWorkbook = (name: string) => name.toLowerCase().endsWith('.xlsx');

/** An ArrayBuffer in base64, in chunks (String.fromCharCode takes a bounded number of arguments). */
function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * The CSV or Excel file a laboratory sends: choose the establishment and the file, read the preview (each row's
 * errors), then import everything in one go; nothing is saved while a row is wrong.
 */
export function LabImportModal({ open, category, onClose }: { open: boolean; category: TLabCategory; onClose: () => void }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const places = useLabPlaces(open);
  const run = useImportLab();
  const [space, setSpace] = useState<string | undefined>();
  const [file, setFile] = useState<TLabFile | null>(null);
  const [preview, setPreview] = useState<TLabImportPreview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const [reading, setReading] = useState(false);
  const [done, setDone] = useState<{ reports: number; results: number; incidents: number } | null>(null);

  useEffect(() => {
    if (open) return;
    setSpace(undefined);
    setFile(null);
    setPreview(null);
    setPreviewError(null);
    setDone(null);
  }, [open]);
  useEffect(() => {
    if (!space || !file) return;
    let current = true;
    setReading(true);
    setPreviewError(null);
    previewImport({ category, space, ...file.content })
      .then((p) => current && setPreview(p))
      .catch((e: unknown) => current && (setPreview(null), setPreviewError(e)))
      .finally(() => current && setReading(false));
    return () => {
      current = false;
    };
  }, [space, file, category]);

  const problem = (field: string, what: string) =>
    `${t(`labData.import.fields.${field}`, { defaultValue: field })}: ${t(`labData.import.problems.${what}`, { defaultValue: what })}`;
  const ready = Boolean(preview && !preview.errors.length && preview.reports.length);
  const submit = () => space && file && run.mutate({ category, space, ...file.content }, { onSuccess: setDone, onError: notifyError });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('labData.import.title', { category: t(`labData.categories.${category}`) })}
      width={isMobile ? '100%' : 760}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={onClose} data-testid="lab-import-close">
            {t('common.close')}
          </Button>
        ) : (
          <Flex gap={8} justify="end" wrap>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!ready} loading={run.isPending} onClick={submit} data-testid="lab-import-run">
              {t('labData.import.run', { count: preview?.reports.length ?? 0 })}
            </Button>
          </Flex>
        )
      }
      data-testid="lab-import-modal"
    >
      {done ? (
        <Alert type="success" showIcon title={t('labData.import.done', done)} data-testid="lab-import-done" />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('labData.import.help')}
          </Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label={t('labData.fields.establishment')} required>
              <Select
                value={space}
                onChange={setSpace}
                showSearch
                optionFilterProp="label"
                loading={places.isPending}
                options={places.data?.map((p) => ({ value: p._id, label: p.client ? `${p.client} › ${p.name}` : p.name }))}
                data-testid="lab-import-establishment"
              />
            </Form.Item>
            <Form.Item label={t('labData.import.file')} required>
              <Upload
                accept=".csv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                showUploadList={false}
                beforeUpload={(chosen) => {
                  const workbook = isWorkbook(chosen.name);
                  if (chosen.size > (workbook ? LAB_XLSX_MAX_BYTES : LAB_CSV_MAX_CHARS)) {
                    notifyError(new Error(t('labData.import.tooLarge')));
                    return false;
                  }
                  const read = workbook ? chosen.arrayBuffer().then((buffer) => ({ xlsx: toBase64(buffer) })) : chosen.text().then((csv) => ({ csv }));
                  void read.then((content) => setFile({ name: chosen.name, content }), notifyError);
                  return false;
                }}
              >
                <Button icon={<FileTextOutlined />} data-testid="lab-import-file">
                  {file ? file.name : t('labData.import.choose')}
                </Button>
              </Upload>
            </Form.Item>
          </Form>
          {previewError ? <ErrorState error={previewError} /> : null}
          {preview && (
            <>
              {preview.errors.length ? (
                <Alert type="error" showIcon title={t('labData.import.hasErrors', { count: preview.errors.length })} data-testid="lab-import-errors" />
              ) : (
                <Alert type="info" showIcon title={t('labData.import.ok', { reports: preview.reports.length, rows: preview.rows })} />
              )}
              {preview.errors.length > 0 && (
                <Table
                  size="small"
                  rowKey={(e) => `${e.row}-${e.field}-${e.problem}`}
                  pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
                  dataSource={preview.errors}
                  scroll={isMobile ? undefined : { x: 'max-content' }}
                  columns={[
                    { key: 'row', title: t('labData.import.row'), dataIndex: 'row', width: 70 },
                    { key: 'problem', title: t('labData.import.problem'), render: (_, e) => problem(e.field, e.problem) },
                  ]}
                />
              )}
              {preview.reports.length > 0 && (
                <Table
                  size="small"
                  rowKey="number"
                  loading={reading}
                  pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
                  dataSource={preview.reports}
                  scroll={isMobile ? undefined : { x: 'max-content' }}
                  data-testid="lab-import-preview"
                  columns={[
                    { key: 'number', title: t('labData.fields.number'), dataIndex: 'number' },
                    ...(isMobile
                      ? []
                      : [
                          {
                            key: 'extractionDate',
                            title: t('labData.fields.extractionDate'),
                            render: (_: unknown, r: TRow) => (r.extractionDate ? dayjs(r.extractionDate).format('DD-MM-YYYY') : '—'),
                          },
                          { key: 'measuringPoint', title: t('labData.fields.measuringPoint'), render: (_: unknown, r: TRow) => r.measuringPoint ?? '—' },
                        ]),
                    { key: 'results', title: t('labData.fields.results'), dataIndex: 'results' },
                    {
                      key: 'outOfLimits',
                      title: t('labData.outOfLimits'),
                      render: (_, r) => <Typography.Text type={r.outOfLimits ? 'danger' : undefined}>{r.outOfLimits}</Typography.Text>,
                    },
                  ]}
                />
              )}
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}
