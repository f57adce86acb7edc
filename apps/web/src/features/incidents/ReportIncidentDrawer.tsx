import { Button, Checkbox, Col, DatePicker, Drawer, Flex, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { INCIDENT_NAME_MAX, INCIDENT_TEXT_MAX, TASK_PRIORITIES, type TIncidentDetail } from '@audit/domain/incidents';
import { useMe } from '../../session/me';
import { applyFieldErrors } from '../../ui/formErrors';
import { maxLengthRule } from '../../ui/NumberField';
import { useViewport } from '../../ui/useViewport';
import { OwnerSelect } from './IncidentFilters';
import { useClientOptions, usePlaceOptions, useReportIncident } from './incidentsApi';
import { otherIncidentBody, type TOtherIncidentForm } from './otherIncidentBody';

const RISKS = ['high', 'medium', 'low', 'infrastructure', 'IE', 'P1'] as const;
const searchable = { showSearch: true, allowClear: true, optionFilterProp: 'label' } as const;
type TValues = Omit<TOtherIncidentForm, 'openDate'> & { client?: string; openDate?: dayjs.Dayjs };

/**
 * Report an "others" incident by hand (issue 16: reportedBy, detectedBy, type, category, priority,
 * facility, openDate): the place is an establishment, or one of its areas; staff choose the client
 * first, a client's manager picks among their own establishments. Saved opened, or as a draft.
 */
export function ReportIncidentDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const me = useMe().data;
  const staff = Boolean(me?.isAdmin || me?.isAuditor);
  const [form] = Form.useForm<TValues>();
  const client = Form.useWatch('client', form);
  const establishment = Form.useWatch('establishment', form);
  const clients = useClientOptions();
  const establishments = usePlaceOptions('establishments', client, staff);
  const areas = usePlaceOptions('areas', client, staff);
  const report = useReportIncident();
  const label = (o: { _id: string; name: string }) => ({ value: o._id, label: o.name });
  const max = maxLengthRule;

  const save = async (values: TValues) => {
    try {
      const created = (await report.mutateAsync(otherIncidentBody({ ...values, openDate: values.openDate?.format('YYYY-MM-DD') }))) as TIncidentDetail;
      onClose();
      navigate(`/incidents/${created._id}`);
    } catch (error) {
      // The catalogue's message is toasted by the query client; a field it names is marked too.
      applyFieldErrors(form, error, Object.keys(values));
    }
  };

  return (
    <Drawer
      open={open}
      title={t('incidents.report.title')}
      size={isMobile ? '100%' : 640}
      onClose={onClose}
      destroyOnHidden
      data-testid="report-incident-drawer"
    >
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={{ openDate: dayjs(), priority: 'medium' }}
        onFinish={save}
        onValuesChange={(changed: Partial<TValues>) => {
          if ('client' in changed) form.setFieldsValue({ establishment: undefined, area: undefined });
          else if ('establishment' in changed) form.setFieldsValue({ area: undefined });
        }}
      >
        <Form.Item
          name="name"
          label={t('incidents.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, max(INCIDENT_NAME_MAX)]}
        >
          <Input data-testid="report-incident-name" />
        </Form.Item>
        <Form.Item name="description" label={t('incidents.fields.description')} rules={[max(INCIDENT_TEXT_MAX)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        {staff && (
          <Form.Item name="client" label={t('incidents.fields.client')} rules={[{ required: true, message: t('form.required') }]}>
            <Select {...searchable} loading={clients.isFetching} options={clients.data?.map(label)} data-testid="report-incident-client" />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="establishment" label={t('incidents.fields.establishment')} rules={[{ required: true, message: t('form.required') }]}>
              <Select
                {...searchable}
                disabled={staff && !client}
                loading={establishments.isFetching}
                options={establishments.data?.map(label)}
                data-testid="report-incident-establishment"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="area" label={t('incidents.fields.area')}>
              <Select
                {...searchable}
                disabled={!establishment}
                loading={areas.isFetching}
                options={areas.data?.filter((a) => a.parent === establishment).map(label)}
                data-testid="report-incident-area"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="facility" label={t('incidents.fields.facility')} rules={[max(INCIDENT_NAME_MAX)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="openDate" label={t('incidents.fields.openDate')}>
              <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('incidents.fields.type')} rules={[max(INCIDENT_NAME_MAX)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="category" label={t('incidents.fields.category')} rules={[max(INCIDENT_NAME_MAX)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="priority" label={t('incidents.fields.priority')}>
              <Select allowClear options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`incidents.priority.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="riskLevel" label={t('incidents.fields.risk')}>
              <Select allowClear options={RISKS.map((r) => ({ value: r, label: t(`incidents.risk.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="reportedBy" label={t('incidents.fields.reportedBy')} rules={[max(INCIDENT_NAME_MAX)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="detectedBy" label={t('incidents.fields.detectedBy')} rules={[max(INCIDENT_NAME_MAX)]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="responsible" label={t('incidents.fields.responsible')}>
          <OwnerSelect />
        </Form.Item>
        <Form.Item name="draft" valuePropName="checked">
          <Checkbox>{t('incidents.report.draft')}</Checkbox>
        </Form.Item>
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={report.isPending} data-testid="report-incident-save">
            {t('incidents.report.save')}
          </Button>
        </Flex>
      </Form>
    </Drawer>
  );
}
