import { Alert, Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EMAIL_PATTERN } from '@audit/domain/validators';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthParagraph, AuthTitle } from './AuthText';
import { useAccessRequest } from './waysApi';
import { CaptchaNote, DonePage } from './WaysParts';

interface TValues {
  spaceIdentifier: string;
  firstName: string;
  lastName?: string;
  email: string;
  message?: string;
}

/** A stranger asks to join a space (by its identifier); its administrators decide. */
export function AccessRequestPage() {
  const { t, i18n } = useTranslation();
  const space = useSearchParams()[0].get('space') ?? undefined;
  const ask = useAccessRequest();
  if (ask.isSuccess) return <DonePage status="info" title={t('ways.access.sentTitle')} body={t('ways.access.sentBody')} />;
  const onFinish = (v: TValues) =>
    ask.mutate({
      spaceIdentifier: v.spaceIdentifier.trim(),
      firstName: v.firstName.trim(),
      lastName: v.lastName?.trim() || null,
      email: v.email.trim(),
      message: v.message?.trim() || null,
      language: i18n.language === 'en' ? 'en' : 'es',
    });
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('ways.access.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 24 }}>
        {t('ways.access.intro')}
      </AuthParagraph>
      {ask.isError && <Alert type="error" showIcon title={errorMessage(ask.error)} style={{ marginBottom: 16 }} role="alert" />}
      <Form<TValues> layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ spaceIdentifier: space }}>
        <Form.Item
          name="spaceIdentifier"
          label={t('ways.access.space')}
          extra={t('ways.access.spaceHint')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}
        >
          <Input autoFocus={!space} />
        </Form.Item>
        <Form.Item
          name="firstName"
          label={t('ways.fields.firstName')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}
        >
          <Input autoComplete="given-name" autoFocus={Boolean(space)} />
        </Form.Item>
        <Form.Item name="lastName" label={t('ways.fields.lastName')} rules={[{ max: 100 }]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('ways.fields.email')}
          rules={[
            { required: true, message: t('form.required') },
            { pattern: EMAIL_PATTERN, message: t('form.invalidEmail') },
          ]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item name="message" label={t('ways.access.message')} rules={[{ max: 500 }]}>
          <TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount />
        </Form.Item>
        <CaptchaNote />
        <Button type="primary" htmlType="submit" block size="large" loading={ask.isPending}>
          {t('ways.access.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center' }}>
        <Link to="/login">{t('auth.recover.back')}</Link>
      </div>
    </AuthLayout>
  );
}
