import { useState } from 'react';
import { Alert, Card, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { emptyToNull } from '@audit/domain/validators';
import { DetailHeader } from '../../ui/DetailHeader';
import { applyFieldErrors } from '../../ui/formErrors';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { UserForm, USER_FORM_FIELDS, type TUserFormValues } from './UserForm';
import { useCreateUser, useUpdateUser, useUser, type TUser, type TUserInput } from './usersApi';

const toInput = (values: TUserFormValues, withPassword: boolean): TUserInput => ({
  firstName: values.firstName.trim(),
  lastName: emptyToNull(values.lastName),
  username: values.username.trim(),
  email: values.email.trim(),
  phone: emptyToNull(values.phone),
  roles: values.roles,
  isAuditor: Boolean(values.isAuditor),
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
});

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
  const [created, setCreated] = useState<{ id: string; password: string } | null>(null);
  const submit = (values: TUserFormValues) =>
    create.mutate(toInput(values, true), {
      onSuccess: (user) => (user.password ? setCreated({ id: user._id, password: user.password }) : navigate(`/admin/users/${user._id}/personal`)),
      onError: (error) => applyFieldErrors(form, error, USER_FORM_FIELDS),
    });
  return (
    <Card>
      <DetailHeader
        mode="edit"
        title={t('users.createTitle')}
        onBack={() => navigate('/admin/users')}
        onCancel={() => navigate('/admin/users')}
        onSave={() => form.submit()}
        saving={create.isPending}
      />
      <div style={{ marginTop: 24 }}>
        <UserForm
          form={form}
          initialValues={{ isAuditor: false, autoGeneratePassword: true, roles: [] }}
          withPassword
          saving={create.isPending}
          onFinish={submit}
          onCancel={() => navigate('/admin/users')}
        />
      </div>
      <Modal
        open={Boolean(created)}
        title={t('users.createdTitle')}
        onOk={() => navigate(`/admin/users/${created!.id}/personal`)}
        onCancel={() => navigate(`/admin/users/${created!.id}/personal`)}
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
        <UserForm form={form} initialValues={fromUser(user.data)} withPassword={false} saving={update.isPending} onFinish={submit} onCancel={back} />
      </div>
    </Card>
  );
}
