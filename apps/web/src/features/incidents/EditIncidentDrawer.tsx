import { Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { INCIDENT_NAME_MAX, INCIDENT_TEXT_MAX, TASK_PRIORITIES, type TIncidentOut } from '@audit/domain/incidents';
import { applyFieldErrors } from '../../ui/formErrors';
import { maxLengthRule } from '../../ui/NumberField';
import { useViewport } from '../../ui/useViewport';
import { OwnerSelect } from './IncidentFilters';
import { useUpdateIncident } from './incidentsApi';
import { editValuesOf, incidentPatch, type TIncidentEditForm } from './incidentPatch';

/** Edit an incident's name, description, priority, category, type and responsible (`PATCH /issues/{id}`): only what changed is sent. */
export function EditIncidentDrawer({ incident, open, onClose }: { incident: TIncidentOut; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [form] = Form.useForm<TIncidentEditForm>();
  const update = useUpdateIncident(incident._id);
  const save = async (values: TIncidentEditForm) => {
    const patch = incidentPatch(incident, values);
    try {
      if (Object.keys(patch).length) await update.mutateAsync(patch);
      onClose();
    } catch (error) {
      // The catalogue's message is toasted by the query client; a field it names is marked too.
      applyFieldErrors(form, error, Object.keys(patch));
    }
  };
  return (
    <Drawer open={open} title={t('incidents.edit.title')} size={isMobile ? '100%' : 560} onClose={onClose} destroyOnHidden data-testid="edit-incident-drawer">
      <Form<TIncidentEditForm> form={form} layout="vertical" initialValues={editValuesOf(incident)} onFinish={save}>
        <Form.Item
          name="name"
          label={t('incidents.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, maxLengthRule(INCIDENT_NAME_MAX)]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('incidents.fields.description')} rules={[maxLengthRule(INCIDENT_TEXT_MAX)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="priority" label={t('incidents.fields.priority')}>
          <Select allowClear options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`incidents.priority.${p}`) }))} />
        </Form.Item>
        <Form.Item name="category" label={t('incidents.fields.category')} rules={[maxLengthRule(INCIDENT_NAME_MAX)]}>
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('incidents.fields.type')} rules={[maxLengthRule(INCIDENT_NAME_MAX)]}>
          <Input />
        </Form.Item>
        <Form.Item name="responsible" label={t('incidents.fields.responsible')}>
          <OwnerSelect />
        </Form.Item>
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="edit-incident-save">
            {t('incidents.report.save')}
          </Button>
        </Flex>
      </Form>
    </Drawer>
  );
}
