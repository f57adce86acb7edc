import { useState } from 'react';
import { Alert, Form, Input, Modal, Switch, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAcceptablePassword } from '@audit/domain/validators';
import { userCalls } from '@audit/domain/calls/users';
import { send } from '../api/send';
import { notifySuccess } from './feedback';
import { PasswordStrength } from './PasswordStrength';

interface TResetForm {
  autoGeneratePassword: boolean;
  password?: string;
}

/** userCalls.resetPassword {_id, password?, autoGeneratePassword}; may answer the generated password. */
export const resetPassword = (body: { _id: string; password?: string; autoGeneratePassword: boolean }) => send(userCalls.resetPassword, { body });

/** Reset-password dialog: auto-generate, or a password with a strength bar; a generated one is shown once. */
export function ResetPasswordDialog({ user, onClose }: { user: { _id: string; fullName: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TResetForm>();
  const auto = Form.useWatch('autoGeneratePassword', form) ?? true;
  const password = Form.useWatch('password', form) ?? '';
  const [generated, setGenerated] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: resetPassword });

  const close = () => {
    setGenerated(null);
    reset.reset();
    onClose();
  };
  const submit = (values: TResetForm) =>
    reset.mutate(
      { _id: user!._id, autoGeneratePassword: values.autoGeneratePassword, ...(values.autoGeneratePassword ? {} : { password: values.password }) },
      {
        onSuccess: (answer) => {
          notifySuccess('passwordChanged');
          if (answer.password) setGenerated(answer.password);
          else close();
        },
      },
    );

  return (
    <Modal
      open={Boolean(user)}
      title={
        <span>
          <KeyOutlined /> {t('password.resetTitle')}
        </span>
      }
      onCancel={close}
      okText={generated ? t('common.close') : t('password.reset')}
      cancelButtonProps={{ style: generated ? { display: 'none' } : undefined }}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: generated ? 'button' : 'submit', loading: reset.isPending, onClick: generated ? close : undefined }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ autoGeneratePassword: true }} clearOnDestroy>
          {dom}
        </Form>
      )}
    >
      {generated ? (
        <div data-testid="generated-password">
          <Alert type="success" showIcon title={t('password.generatedOnce')} style={{ marginBottom: 16 }} />
          <Typography.Paragraph copyable={{ text: generated, tooltips: [t('common.copy'), t('common.copied')] }} code style={{ fontSize: 18 }}>
            {generated}
          </Typography.Paragraph>
        </div>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('password.resetFor', { name: user?.fullName ?? '' })}</Typography.Paragraph>
          <Form.Item name="autoGeneratePassword" label={t('password.autoGenerate')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {!auto && (
            <>
              <Form.Item
                name="password"
                label={t('password.new')}
                rules={[
                  { required: true, message: t('form.required') },
                  {
                    validator: (_r, value?: string) =>
                      !value || isAcceptablePassword(value) ? Promise.resolve() : Promise.reject(new Error(t('password.rule'))),
                  },
                ]}
                extra={<PasswordStrength password={password} />}
              >
                <Input.Password autoComplete="new-password" autoFocus />
              </Form.Item>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
