import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Drawer, Flex, Form, Input, Row, Select, Typography, Upload } from 'antd';
import { DeleteOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LAB_RESULTS_MAX, LAB_TEXT_MAX, LAB_VALUE_BOUND, type TLabCategory, type TLabReportInput } from '@audit/domain/lab-data';
import { notifyError } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { lengthCount, maxLengthRule, NumberField, numberRules } from '../../ui/NumberField';
import { PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { uploadPdf, useCreateLabReport, useLabCodeOptions, useLabPlaces, useUpdateLabReport, type TLabReport } from './labDataApi';

interface TResultValues {
  parameter?: string;
  value?: number | null;
  unit?: string;
  minValue?: number | null;
  maxValue?: number | null;
}
interface TValues {
  number?: string;
  extractionDate?: dayjs.Dayjs;
  establishment?: string;
  measuringPoint?: string | null;
  resultCode?: string | null;
  result?: string;
  results?: TResultValues[];
}
const KNOWN = ['number', 'extractionDate', 'space', 'resultCode', 'result', 'pdf', 'results'];

interface TProps {
  open: boolean;
  category: TLabCategory;
  report?: TLabReport;
  loading: boolean;
  onClose: () => void;
  onSaved: (report: TLabReport) => void;
}

/** Create or edit a report: where and when it was sampled, the organism, the certificate and its results with their limits. */
export function LabReportForm({ open, category, report, loading, onClose, onSaved }: TProps) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [form] = Form.useForm<TValues>();
  const places = useLabPlaces(open);
  const codes = useLabCodeOptions(open);
  const create = useCreateLabReport();
  const update = useUpdateLabReport();
  const [pdf, setPdf] = useState<{ _id: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const establishment = Form.useWatch('establishment', form);
  const areas = places.data?.find((p) => p._id === establishment)?.areas ?? [];
  const required = { required: true, message: t('form.required') };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setPdf(report?.pdf ? { _id: report.pdf._id, name: report.pdf.name ?? 'PDF' } : null);
    form.setFieldsValue(
      report
        ? {
            number: report.number,
            extractionDate: dayjs(report.extractionDate),
            establishment: report.establishment?._id,
            measuringPoint: report.measuringPoint?._id ?? null,
            resultCode: report.resultCode,
            result: report.result ?? undefined,
            results: report.results.map((r) => ({
              parameter: r.parameter,
              value: r.value,
              unit: r.unit ?? undefined,
              minValue: r.minValue,
              maxValue: r.maxValue,
            })),
          }
        : { results: [{}] },
    );
  }, [open, report, form]);

  const submit = async (v: TValues) => {
    const body: TLabReportInput = {
      category,
      number: v.number!.trim(),
      space: v.measuringPoint || v.establishment!,
      extractionDate: v.extractionDate!.format('YYYY-MM-DD'),
      resultCode: (v.resultCode || null) as TLabReportInput['resultCode'],
      result: v.result?.trim() || null,
      pdf: pdf?._id ?? null,
      results: (v.results ?? []).map((r) => ({
        parameter: r.parameter!.trim(),
        value: r.value!,
        unit: r.unit?.trim() || null,
        minValue: r.minValue ?? null,
        maxValue: r.maxValue ?? null,
      })),
    };
    try {
      const { category: _category, ...patch } = body;
      onSaved(report ? await update.mutateAsync({ id: report._id, body: patch }) : await create.mutateAsync(body));
    } catch (error) {
      if (!applyFieldErrors(form, error, KNOWN)) notifyError(error);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : 760}
      title={report ? t('labData.editTitle', { number: report.number }) : t(`labData.newTitle.${category}`)}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={() => form.submit()} loading={create.isPending || update.isPending} data-testid="lab-report-save">
          {t('common.save')}
        </Button>
      }
    >
      {loading ? (
        <PageSkeleton rows={8} />
      ) : (
        <Form form={form} layout="vertical" requiredMark onFinish={(v) => void submit(v)} scrollToFirstError data-testid="lab-report-form">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="number" label={t('labData.fields.number')} rules={[{ ...required, whitespace: true }, maxLengthRule(60)]}>
                <Input count={lengthCount(60)} autoFocus />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="extractionDate" label={t('labData.fields.extractionDate')} rules={[required]}>
                <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} data-testid="lab-extraction-date" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="establishment" label={t('labData.fields.establishment')} rules={[required]}>
                <Select
                  showSearch
                  optionFilterProp="label"
                  loading={places.isPending}
                  onChange={() => form.setFieldValue('measuringPoint', null)}
                  options={places.data?.map((p) => ({ value: p._id, label: p.client ? `${p.client} › ${p.name}` : p.name }))}
                  data-testid="lab-establishment"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="measuringPoint" label={t('labData.fields.measuringPoint')}>
                <Select allowClear disabled={!establishment} options={areas.map((a) => ({ value: a._id, label: a.name }))} data-testid="lab-measuring-point" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="resultCode" label={t('labData.fields.organism')}>
                <Select allowClear loading={codes.loading} options={codes.options} data-testid="lab-result-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="result" label={t('labData.fields.result')} rules={[maxLengthRule(LAB_TEXT_MAX)]}>
                <Input count={lengthCount(LAB_TEXT_MAX)} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('labData.fields.pdf')} name="pdf">
            <Flex gap={8} align="center" wrap>
              <Upload
                accept="application/pdf"
                showUploadList={false}
                beforeUpload={(file) => {
                  setUploading(true);
                  uploadPdf(file, file.name)
                    .then((saved) => setPdf({ _id: saved._id, name: file.name }))
                    .catch(notifyError)
                    .finally(() => setUploading(false));
                  return false;
                }}
              >
                <Button icon={<FilePdfOutlined />} loading={uploading} data-testid="lab-pdf">
                  {t(pdf ? 'labData.replacePdf' : 'labData.attachPdf')}
                </Button>
              </Upload>
              {pdf && (
                <>
                  <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                    {pdf.name}
                  </Typography.Text>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('labData.removePdf')} onClick={() => setPdf(null)} />
                </>
              )}
            </Flex>
          </Form.Item>
          <Typography.Title level={5}>{t('labData.fields.results')}</Typography.Title>
          <Form.List name="results">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} wrap align="start" data-testid="lab-result-row" style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
                    <Form.Item
                      name={[field.name, 'parameter']}
                      rules={[{ ...required, whitespace: true }, maxLengthRule(LAB_TEXT_MAX)]}
                      style={{ flex: '2 1 180px', margin: 0 }}
                    >
                      <Input placeholder={t('labData.fields.parameter')} aria-label={`${t('labData.fields.parameter')} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} rules={numberRules(LAB_VALUE_BOUND, { required: true })} style={{ flex: '1 1 90px', margin: 0 }}>
                      <NumberField placeholder={t('labData.fields.value')} aria-label={`${t('labData.fields.value')} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'unit']} rules={[maxLengthRule(40)]} style={{ flex: '1 1 80px', margin: 0 }}>
                      <Input placeholder={t('labData.fields.unit')} aria-label={`${t('labData.fields.unit')} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'minValue']} rules={numberRules(LAB_VALUE_BOUND)} style={{ flex: '1 1 80px', margin: 0 }}>
                      <NumberField placeholder={t('labData.fields.minValue')} aria-label={`${t('labData.fields.minValue')} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'maxValue']}
                      dependencies={[['results', field.name, 'minValue']]}
                      rules={[
                        ...numberRules(LAB_VALUE_BOUND),
                        ({ getFieldValue }) => ({
                          validator: (_r, max: number | null | undefined) => {
                            const min = getFieldValue(['results', field.name, 'minValue']) as number | null | undefined;
                            return min != null && max != null && min > max ? Promise.reject(new Error(t('labData.minAboveMax'))) : Promise.resolve();
                          },
                        }),
                      ]}
                      style={{ flex: '1 1 80px', margin: 0 }}
                    >
                      <NumberField placeholder={t('labData.fields.maxValue')} aria-label={`${t('labData.fields.maxValue')} ${index + 1}`} />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('labData.removeResult', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= LAB_RESULTS_MAX} data-testid="lab-add-result">
                  {t('labData.addResult')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form>
      )}
    </Drawer>
  );
}
