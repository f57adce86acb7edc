import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailHeader } from '../../ui/DetailHeader';
import { applyFieldErrors } from '../../ui/formErrors';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useCreateStructure, useStructure, useUpdateStructure, type TStructure } from './clientsApi';
import { StructureForm } from './StructureForm';
import { EMPTY_STRUCTURE, fromStructure, STRUCTURE_FORM_FIELDS, toStructureInput, type TStructureFormValues } from './structureValues';

/** /clients/create and /clients/:id/edit (a client, establishment or area) share one form. */
export function ClientFormPage() {
  const { id } = useParams();
  return id ? <EditStructure id={id} /> : <CreateClient />;
}

function CreateClient() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TStructureFormValues>();
  const create = useCreateStructure('STRUCTURE');
  const submit = (values: TStructureFormValues) =>
    create.mutate(toStructureInput(values, 'STRUCTURE'), {
      onSuccess: (client) => navigate(`/clients/${client._id}/structure`),
      onError: (error) => applyFieldErrors(form, error, STRUCTURE_FORM_FIELDS),
    });
  return (
    <Card>
      <DetailHeader
        mode="edit"
        title={t('clients.create.STRUCTURE')}
        onBack={() => navigate('/clients')}
        onCancel={() => navigate('/clients')}
        onSave={() => form.submit()}
        saving={create.isPending}
      />
      <div style={{ marginTop: 24 }}>
        <StructureForm form={form} type="STRUCTURE" initialValues={EMPTY_STRUCTURE} onFinish={submit} />
      </div>
    </Card>
  );
}

function EditStructure({ id }: { id: string }) {
  const structure = useStructure(id);
  if (structure.isPending) return <PageSkeleton rows={8} />;
  if (structure.isError) return <ErrorState error={structure.error} onRetry={() => void structure.refetch()} />;
  return <EditForm structure={structure.data} />;
}

function EditForm({ structure }: { structure: TStructure }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TStructureFormValues>();
  const update = useUpdateStructure(structure.type, structure._id);
  const back = () => navigate(`/clients/${structure._id}/general`);
  const submit = (values: TStructureFormValues) =>
    update.mutate(toStructureInput(values, structure.type), { onSuccess: back, onError: (error) => applyFieldErrors(form, error, STRUCTURE_FORM_FIELDS) });
  return (
    <Card>
      <DetailHeader
        mode="edit"
        title={t('clients.editTitle', { name: structure.name })}
        subtitle={t(`clients.type.${structure.type}`)}
        onBack={back}
        onCancel={back}
        onSave={() => form.submit()}
        saving={update.isPending}
      />
      <div style={{ marginTop: 24 }}>
        <StructureForm form={form} type={structure.type} initialValues={fromStructure(structure)} onFinish={submit} />
      </div>
    </Card>
  );
}
