import { Card, Form } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { TEmployeeInput } from '@audit/domain/employees/schemas';
import { DetailHeader } from '../../ui/DetailHeader';
import { notifyError } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { EmployeeForm, EMPLOYEE_FORM_FIELDS, type TEmployeeFormValues } from './EmployeeForm';
import { useCreateEmployee, useEmployee, useUpdateEmployee, type TEmployee } from './employeesApi';

const LIST = '/employees';

/** The form's values as the call's body: every field, empty ones as null (so an edit can clear them). */
const toInput = (values: TEmployeeFormValues, editing: boolean): TEmployeeInput => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName?.trim() || null,
  dni: values.dni,
  birthday: values.birthday!.format('YYYY-MM-DD'),
  address: values.address?.trim() || null,
  country: values.country ?? null,
  province: values.province ?? null,
  municipality: values.municipality ?? null,
  workerProfile: values.workerProfile ?? null,
  occupation: values.occupation ?? null,
  user: values.user ?? null,
  clientAccess: values.clientAccess ?? [],
  areaAccess: values.areaAccess ?? [],
  description: values.description?.trim() || null,
  // "Status hidden on create pages" (product document section 5): a new employee is active.
  ...(editing ? { status: values.active === false ? 'INACTIVE' : 'ACTIVE' } : {}),
});

const fromEmployee = (e: TEmployee): Partial<TEmployeeFormValues> => ({
  firstName: e.firstName,
  lastName: e.lastName ?? undefined,
  dni: e.dni,
  birthday: dayjs(e.birthday),
  active: e.status === 'ACTIVE',
  address: e.address ?? undefined,
  country: e.country,
  province: e.province,
  municipality: e.municipality,
  workerProfile: e.workerProfile?._id ?? null,
  occupation: e.occupation?._id ?? null,
  user: e.user?._id ?? null,
  clientAccess: e.clientAccess.map((c) => c._id),
  areaAccess: e.areaAccess.map((a) => a._id),
  description: e.description ?? undefined,
});

/** A refused field is shown under it; anything else (a lost connection, 452) as a toast. */
const showError = (form: Parameters<typeof applyFieldErrors>[0]) => (error: unknown) => {
  if (!applyFieldErrors(form, error, EMPLOYEE_FORM_FIELDS)) notifyError(error);
};

/** /employees/create and /employees/:id/edit share one form. */
export function EmployeeFormPage() {
  const { id } = useParams();
  return id ? <EditEmployee id={id} /> : <CreateEmployee />;
}

function CreateEmployee() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TEmployeeFormValues>();
  const create = useCreateEmployee();
  const back = () => navigate(LIST);
  return (
    <Card>
      <DetailHeader mode="edit" title={t('employees.createTitle')} onBack={back} onCancel={back} onSave={() => form.submit()} saving={create.isPending} />
      <div style={{ marginTop: 24 }}>
        <EmployeeForm
          form={form}
          editing={false}
          initialValues={{ clientAccess: [], areaAccess: [] }}
          onFinish={(values) => create.mutate(toInput(values, false), { onSuccess: back, onError: showError(form) })}
        />
      </div>
    </Card>
  );
}

function EditEmployee({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TEmployeeFormValues>();
  const employee = useEmployee(id);
  const update = useUpdateEmployee(id);
  const back = () => navigate(LIST);
  if (employee.isPending) return <PageSkeleton rows={8} />;
  if (employee.isError) return <ErrorState error={employee.error} onRetry={() => void employee.refetch()} />;
  return (
    <Card>
      <DetailHeader
        mode="edit"
        title={t('employees.editTitle', { name: employee.data.fullName })}
        onBack={back}
        onCancel={back}
        onSave={() => form.submit()}
        saving={update.isPending}
      />
      <div style={{ marginTop: 24 }}>
        <EmployeeForm
          form={form}
          editing
          current={employee.data}
          initialValues={fromEmployee(employee.data)}
          onFinish={(values) => update.mutate(toInput(values, true), { onSuccess: back, onError: showError(form) })}
        />
      </div>
    </Card>
  );
}
