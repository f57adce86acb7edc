import { Form, Modal, Select } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '@audit/domain/validators';
import { notifySuccess } from '../../ui/feedback';
import { useInvite, useRoleChoices } from './accessApi';

/** The e-mails of a textarea: split on commas, semicolons, spaces and lines. */
export const splitEmails = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/** Invite a list of e-mails with a role; a repeated e-mail is refused here and by the server (420). */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ emails: string; role: string }>();
  const roles = useRoleChoices();
  const invite = useInvite();
  const submit = (v: { emails: string; role: string }) =>
    invite.mutate(
      { emails: splitEmails(v.emails), role: v.role, language: i18n.language === 'en' ? 'en' : 'es' },
      {
        onSuccess: () => {
          notifySuccess('sendEmailSuccess');
          form.resetFields();
          onClose();
        },
      },
    );
  const validateEmails = (_r: unknown, value: string | undefined) => {
    const emails = splitEmails(value ?? '');
    if (!emails.length) return Promise.reject(new Error(t('form.required')));
    const bad = emails.find((e) => !EMAIL_PATTERN.test(e));
    if (bad) return Promise.reject(new Error(t('access.invite.badEmail', { email: bad })));
    const lower = emails.map((e) => e.toLowerCase());
    const repeated = lower.find((e, i) => lower.indexOf(e) !== i);
    if (repeated) return Promise.reject(new Error(t('access.invite.repeated', { email: repeated })));
    if (emails.length > 50) return Promise.reject(new Error(t('access.invite.tooMany')));
    return Promise.resolve();
  };
  return (
    <Modal
      open={open}
      title={t('access.invite.title')}
      okText={t('access.invite.send')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="emails" label={t('access.invite.emails')} extra={t('access.invite.emailsHint')} rules={[{ validator: validateEmails }]}>
          <TextArea autoSize={{ minRows: 3, maxRows: 8 }} autoFocus placeholder="ana@empresa.com, luis@empresa.com" />
        </Form.Item>
        <Form.Item name="role" label={t('access.invite.role')} rules={[{ required: true, message: t('form.required') }]}>
          <Select loading={roles.isPending} showSearch optionFilterProp="label" options={roles.data?.map((r) => ({ value: r._id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
