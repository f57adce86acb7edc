import { useState } from 'react';
import { Alert, Card, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { REPORT_TYPES } from '@audit/domain/constants';
import { emptyToNull } from '@audit/domain/validators';
import { DetailHeader } from '../../ui/DetailHeader';
import { applyFieldErrors } from '../../ui/formErrors';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { toRegistersAccess } from '../../ui/access/RegistersAccessFields';
import { UserForm, USER_FORM_FIELDS, type TUserFormValues } from './UserForm';
import { useCreateUser, useUpdateUser, useUser, type TUser, type TUserInput } from './usersApi';

const list = (ids?: string[]) => (ids?.length ? ids : undefined);

const toInput = (values: TUserFormValues, withPassword: boolean): TUserInput => ({
  firstName: values.firstName.trim(),
  lastName: emptyToNull(values.lastName),
  username: values.username.trim(),
  email: values.email.trim(),
  phone: emptyToNull(values.phone),
  roles: values.roles,
  isAuditor: Boolean(values.isAuditor),
  ...(values.reportType ? { reportType: values.reportType } : {}),
  accessServices: values.accessServices ?? [],
  // Absent while the section is hidden (no Register role): the stored access is kept.
  ...(values.registersAccess ? { registersAccess: toRegistersAccess(values.registersAccess) } : {}),
  // Absent while the section is hidden (no lab-data role): the stored access is kept.
  ...(values.labDataAccess ? { labDataAccess: values.labDataAccess as TUserInput['labDataAccess'] } : {}),
  // Memberships are chosen at creation only (product document section 6).
  ...(withPassword ? { clients: list(values.clients), establishments: list(values.establishments), areas: list(values.areas) } : {}),
  ...(withPassword
    ? { autoGeneratePassword: values.autoGeneratePassword !== false, ...(values.autoGeneratePassword === false ? { password: values.password } : {}) }
    : {}),
});

const fromUser = (user: TUser): Partial<TUserFormValues> => ({
  firstName: user.firstName,
  lastName: user.lastName ?? undefined,
  username: user.username,
  email: user.email,
  phone: user.phone ?? undefined,
  roles: user.roles.map((r) => r._id),
  isAuditor: user.isAuditor,
  reportType: (REPORT_TYPES as readonly string[]).includes(user.reportType) ? (user.reportType as TUserFormValues['reportType']) : 'default',
  accessServices: user.accessServices,
  registersAccess: user.registersAccess as TUserFormValues['registersAccess'],
  labDataAccess: user.labDataAccess,
  clients: user.clients.map((c) => c._id),
  establishments: user.establishments.map((e) => e._id),
  areas: user.areas.map((a) => a._id),
});

/**
 * Opened from a client's Users tab (`?client=`, `?establishment=` or `?area=`): the form starts with
 * that space chosen, and saving returns to the tab (only an in-app path is followed).
 */
function useOrigin() {
  const [params] = useSearchParams();
  const back = params.get('back');
  const initial: Partial<TUserFormValues> = {};
  for (const key of ['client', 'establishment', 'area'] as const) {
    const id = params.get(key);
    if (id) initial[key === 'client' ? 'clients' : key === 'establishment' ? 'establishments' : 'areas'] = [id];
  }
  return { initial, back: back && back.startsWith('/') && !back.startsWith('//') ? back : null };
}

/** /admin/users/create and /admin/users/:id/edit share one form. */
export function UserFormPage() {
  const { id } = useParams();
  return id ? <EditUser id={id} /> : <CreateUser />;
}

function CreateUser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TUserFormValues>();
  const create = useCreateUser();
  const origin = useOrigin();
  const [created, setCreated] = useState<{ id: string; password: string } | null>(null);
  const cancel = () => navigate(origin.back ?? '/admin/users');
  const done = (id: string) => navigate(origin.back ?? `/admin/users/${id}/personal`);
  const submit = (values: TUserFormValues) =>
    create.mutate(toInput(values, true), {
      onSuccess: (user) => (user.password ? setCreated({ id: user._id, password: user.password }) : done(user._id)),
      onError: (error) => applyFieldErrors(form, error, USER_FORM_FIELDS),
    });
  return (
    <Card>
      <DetailHeader mode="edit" title={t('users.createTitle')} onBack={cancel} onCancel={cancel} onSave={() => form.submit()} saving={create.isPending} />
      <div style={{ marginTop: 24 }}>
        <UserForm
          form={form}
          initialValues={{ isAuditor: false, reportType: 'default', autoGeneratePassword: true, roles: [], ...origin.initial }}
          withPassword
          saving={create.isPending}
          onFinish={submit}
          onCancel={cancel}
        />
      </div>
      <Modal
        open={Boolean(created)}
        title={t('users.createdTitle')}
        onOk={() => done(created!.id)}
        onCancel={() => done(created!.id)}
        cancelButtonProps={{ style: { display: 'none' } }}
        closable={false}
        okText={t('common.close')}
      >
        <Alert type="success" showIcon title={t('password.generatedOnce')} style={{ marginBottom: 16 }} />
        <Typography.Paragraph copyable={{ text: created?.password, tooltips: [t('common.copy'), t('common.copied')] }} code style={{ fontSize: 18 }}>
          {created?.password}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}

function EditUser({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TUserFormValues>();
  const user = useUser(id);
  const update = useUpdateUser(id);
  const back = () => navigate(`/admin/users/${id}/personal`);
  if (user.isPending) return <PageSkeleton rows={8} />;
  if (user.isError) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  const submit = (values: TUserFormValues) =>
    update.mutate(toInput(values, false), { onSuccess: back, onError: (error) => applyFieldErrors(form, error, USER_FORM_FIELDS) });
  return (
    <Card>
      <DetailHeader
        mode="edit"
        title={t('users.editTitle', { name: user.data.fullName })}
        onBack={back}
        onCancel={back}
        onSave={() => form.submit()}
        saving={update.isPending}
      />
      <div style={{ marginTop: 24 }}>
        <UserForm
          form={form}
          initialValues={fromUser(user.data)}
          initialRefs={user.data}
          withPassword={false}
          editing
          saving={update.isPending}
          onFinish={submit}
          onCancel={back}
        />
      </div>
    </Card>
  );
}
