import { Alert, Button, Descriptions, Form, Spin } from 'antd';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isValidSurname } from '@audit/domain/validators';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthParagraph, AuthTitle } from './AuthText';
import { useStartSession } from './authApi';
import { useAcceptInvite, useInviteLookup } from './waysApi';
import { ExpiredLinkPage, isExpiredLink, NewPasswordFields } from './WaysParts';
import { roleText } from '../../ui/roles';

interface TValues {
  firstName?: string;
  lastName?: string;
  password?: string;
}

/** The invitation's link: a new person chooses a name and a password and lands in the space; someone known just accepts and signs in. */
export function InvitationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const key = useSearchParams()[0].get('key') ?? '';
  const lookup = useInviteLookup(key);
  const accept = useAcceptInvite();
  if (!key || isExpiredLink(lookup.error) || isExpiredLink(accept.error)) return <ExpiredLinkPage />;
  if (lookup.isPending)
    return (
      <AuthLayout>
        <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />
      </AuthLayout>
    );
  const invite = lookup.data;
  const onFinish = (v: TValues) =>
    accept.mutate(
      { key, firstName: v.firstName?.trim(), lastName: v.lastName?.trim() || null, password: v.password, language: i18n.language === 'en' ? 'en' : 'es' },
      {
        onSuccess: (answer) => {
          if (answer.session) {
            startSession(answer.session);
            navigate('/', { replace: true });
          } else navigate('/login', { replace: true, state: { notice: 'invitationAccepted' } });
        },
      },
    );
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('ways.invite.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 16 }}>
        {invite?.newAccount ? t('ways.invite.introNew') : t('ways.invite.introKnown')}
      </AuthParagraph>
      {lookup.isError && <Alert type="error" showIcon title={errorMessage(lookup.error)} style={{ marginBottom: 16 }} role="alert" />}
      {invite && (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }} data-testid="invitation-summary">
          <Descriptions.Item label={t('ways.invite.space')}>{invite.spaceName}</Descriptions.Item>
          <Descriptions.Item label={t('ways.fields.email')}>{invite.email}</Descriptions.Item>
          {invite.role && <Descriptions.Item label={t('ways.invite.role')}>{roleText(t, { name: invite.role }).name}</Descriptions.Item>}
        </Descriptions>
      )}
      {accept.isError && <Alert type="error" showIcon title={errorMessage(accept.error)} style={{ marginBottom: 16 }} role="alert" />}
      {invite && (
        <Form<TValues> layout="vertical" requiredMark={false} onFinish={onFinish}>
          {invite.newAccount && (
            <>
              <Form.Item
                name="firstName"
                label={t('ways.fields.firstName')}
                rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}
              >
                <Input autoComplete="given-name" autoFocus />
              </Form.Item>
              <Form.Item
                name="lastName"
                label={t('ways.fields.lastName')}
                rules={[
                  { max: 100 },
                  { validator: (_r, v: string) => (!v || isValidSurname(v) ? Promise.resolve() : Promise.reject(new Error(t('ways.fields.lastNameRule')))) },
                ]}
              >
                <Input autoComplete="family-name" />
              </Form.Item>
              <NewPasswordFields />
            </>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={accept.isPending}>
            {t('ways.invite.accept')}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
