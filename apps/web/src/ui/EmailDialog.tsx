import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@audit/domain/validators';
import { notificationCalls } from '@audit/domain/calls/notifications';
import { send } from '../api/send';
import { notifySuccess } from './feedback';
import { EmailRecipientsSelect } from './EmailRecipientsSelect';

export interface TRecipient {
  value: string;
  label: string;
}

interface TEmailForm {
  to: string[];
  subject: string;
  body: string;
}

/** An entry containing @ is an e-mail address, anything else a user id. */
export const toRecipients = (entries: string[]) => entries.map((entry) => (entry.includes('@') ? { email: entry.trim() } : { _id: entry }));

/** notificationCalls.email {to, subject, body} */
export const sendEmail = (form: TEmailForm) => send(notificationCalls.email, { body: { to: toRecipients(form.to), subject: form.subject, body: form.body } });

/** New e-mail dialog: to, subject and body. */
export function EmailDialog({ open, onClose, recipients = [] }: { open: boolean; onClose: () => void; recipients?: TRecipient[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TEmailForm>();
  const send = useMutation({ mutationFn: sendEmail });
  useEffect(() => {
    if (open) form.setFieldsValue({ to: recipients.map((r) => r.value), subject: '', body: '' });
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (values: TEmailForm) =>
    send.mutate(values, {
      onSuccess: () => {
        notifySuccess('sendEmailSuccess');
        onClose();
      },
    });

  return (
    <Modal
      open={open}
      title={
        <span>
          <MailOutlined /> {t('email.title')}
        </span>
      }
      onCancel={onClose}
      okText={t('email.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: send.isPending }}
      destroyOnHidden
      width={560}
      modalRender={(dom) => (
        <Form form={form} layout="vertical" onFinish={submit} clearOnDestroy>
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="to"
        label={t('email.to')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('form.required') },
          {
            validator: (_rule, value: string[] = []) =>
              value.every((v) => !v.includes('@') || isValidEmail(v.trim())) ? Promise.resolve() : Promise.reject(new Error(t('form.invalidEmail'))),
          },
        ]}
      >
        <EmailRecipientsSelect recipients={recipients} placeholder={t('email.toPlaceholder')} aria-label={t('email.to')} />
      </Form.Item>
      <Form.Item name="subject" label={t('email.subject')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 200 }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="body" label={t('email.body')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} maxLength={10000} />
      </Form.Item>
    </Modal>
  );
}
