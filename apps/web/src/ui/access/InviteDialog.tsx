import { useEffect } from 'react';
import { Alert, Divider, Form, Modal, Select } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import type { TInviteCreate } from '@audit/domain/accounts';
import type { TRegistersAccessEntry } from '@audit/domain/users';
import { EMAIL_PATTERN } from '@audit/domain/validators';
import { useCurrentSpace } from '../../session/space';
import { notifySuccess } from '../feedback';
import { applyFieldErrors } from '../formErrors';
import { RoleOption, roleSelectOptions } from '../roles';
import { useViewport } from '../useViewport';
import { AccessFields, narrowMemberships, type TAccessValues } from './AccessFields';
import { useAccessSpaces } from './accessSpacesApi';
import { useInvite, useRoleChoices } from './inviteApi';
import { toRegistersAccess } from './RegistersAccessFields';

/** The e-mails of a textarea: split on commas, semicolons, spaces and lines. */
export const splitEmails = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/** The space an invitation from a client's page is fixed to (its Users tab). */
export interface TInviteTarget {
  _id: string;
  name: string;
  type: 'STRUCTURE' | 'ESTABLISHMENT' | 'AREA';
}
const FIELD_OF = { STRUCTURE: 'clients', ESTABLISHMENT: 'establishments', AREA: 'areas' } as const;

const INVITE_FIELDS = ['emails', 'role', 'clients', 'establishments', 'areas', 'accessServices', 'registersAccess', 'labDataAccess'];

type TInviteValues = TAccessValues & { emails: string; role: string; registersAccess?: Partial<TRegistersAccessEntry>[] };

/**
 * Invite a list of e-mails with a role and the access a user form gives (decision 0062): clients,
 * establishments, areas, services, registers and lab data. From a client's page the invitation is
 * fixed to that client; without any space chosen an Alert says it opens the whole space.
 */
export function InviteDialog({ open, onClose, target }: { open: boolean; onClose: () => void; target?: TInviteTarget }) {
  const { t, i18n } = useTranslation();
  const { isMobile } = useViewport();
  const [form] = Form.useForm<TInviteValues>();
  const roles = useRoleChoices();
  const invite = useInvite();
  const space = useCurrentSpace().data;
  const spaces = useAccessSpaces(open);
  const roleId = Form.useWatch('role', form);
  const clients = Form.useWatch('clients', form);
  const establishments = Form.useWatch('establishments', form);
  const areas = Form.useWatch('areas', form);
  const limited = Boolean(clients?.length || establishments?.length || areas?.length);
  const chosenRoles = (roles.data ?? []).filter((r) => r._id === roleId);
  const defaultRole = target ? roles.data?.find((r) => r.name === 'USER')?._id : undefined;
  // The client's role once the roles arrive: the form's initial values are read when it first shows,
  // which may be before the roles have loaded (the dialog then opened with no role).
  useEffect(() => {
    if (open && defaultRole && !form.getFieldValue('role')) form.setFieldValue('role', defaultRole);
  }, [open, defaultRole, form]);
  const list = (ids?: string[]) => (ids?.length ? ids : undefined);
  const submit = (v: TInviteValues) =>
    invite.mutate(
      {
        emails: splitEmails(v.emails),
        role: v.role,
        language: i18n.language === 'en' ? 'en' : 'es',
        clients: list(v.clients),
        establishments: list(v.establishments),
        areas: list(v.areas),
        accessServices: list(v.accessServices),
        ...(v.registersAccess ? { registersAccess: toRegistersAccess(v.registersAccess) } : {}),
        ...(v.labDataAccess ? { labDataAccess: v.labDataAccess as NonNullable<TInviteCreate['labDataAccess']> } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess('sendEmailSuccess');
          form.resetFields();
          onClose();
        },
        onError: (error) => applyFieldErrors(form, error, INVITE_FIELDS),
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
  const fixed = target ? { [FIELD_OF[target.type]]: [{ _id: target._id, name: target.name }] } : undefined;
  return (
    <Modal
      open={open}
      title={target ? t('access.invite.titleFor', { name: target.name }) : t('access.invite.title')}
      okText={t('access.invite.send')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      width={isMobile ? undefined : 760}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ ...(target ? { [FIELD_OF[target.type]]: [target._id] } : {}), ...(defaultRole ? { role: defaultRole } : {}) }}
        onValuesChange={(changed: TAccessValues, values: TAccessValues) => {
          const follow = narrowMemberships(changed, values, spaces.data?.items ?? []);
          if (Object.keys(follow).length) form.setFieldsValue(follow);
        }}
        data-testid="invite-form"
      >
        <Form.Item name="emails" label={t('access.invite.emails')} extra={t('access.invite.emailsHint')} rules={[{ validator: validateEmails }]}>
          <TextArea autoSize={{ minRows: 2, maxRows: 8 }} autoFocus placeholder="ana@empresa.com, luis@empresa.com" />
        </Form.Item>
        <Form.Item name="role" label={t('access.invite.role')} rules={[{ required: true, message: t('form.required') }]}>
          <Select
            loading={roles.isPending}
            showSearch
            optionFilterProp="label"
            // A few roles in two groups: every option rendered (a virtual list hid the client's group below its fold).
            virtual={false}
            options={roleSelectOptions(t, roles.data ?? [])}
            optionRender={(option) => <RoleOption option={option} />}
            data-testid="invite-role"
          />
        </Form.Item>
        <Divider titlePlacement="start">{t('access.invite.access')}</Divider>
        {limited ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('access.invite.limited')} data-testid="invite-scope" />
        ) : (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t(space?.parent ? 'access.invite.wholeSpace' : 'access.invite.wholeCompany', { name: space?.name ?? '' })}
            data-testid="invite-scope"
          />
        )}
        <AccessFields form={form} roles={chosenRoles} fixed={fixed} />
      </Form>
    </Modal>
  );
}
