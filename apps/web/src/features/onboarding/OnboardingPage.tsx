import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Select, Steps, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import type { TOnboardingInput } from '@audit/domain/users';
import { isAcceptablePassword, isValidSurname, PHONE_PATTERN } from '@audit/domain/validators';
import { userCalls } from '@audit/domain/calls/users';
import { send } from '../../api/send';
import { errorMessage } from '../../i18n/errorMessage';
import { changeLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { clearSession, isSignedIn } from '../../session/storage';
import { FullPageSpinner } from '../../ui/PageStates';
import { PasswordStrength } from '../../ui/PasswordStrength';
import { useViewport } from '../../ui/useViewport';

type TValues = Omit<TOnboardingInput, 'acceptTerms'> & { confirm: string; acceptTerms: boolean };
const STEPS = ['profile', 'password', 'terms'] as const;
const FIELDS: Record<(typeof STEPS)[number], (keyof TValues)[]> = {
  profile: ['firstName', 'lastName', 'phone', 'language'],
  password: ['currentPassword', 'password', 'confirm'],
  terms: ['acceptTerms'],
};

/** Three steps, one write at the end; the new password ends the session, so the user signs in again with it. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const me = useMe();
  const [form] = Form.useForm<TValues>();
  const [step, setStep] = useState(0);
  const password = Form.useWatch('password', form) ?? '';
  const complete = useMutation({
    mutationFn: (body: TOnboardingInput) => send(userCalls.completeOnboarding, { body }),
    meta: { silent: true },
    onSuccess: () => {
      clearSession();
      navigate('/login', { replace: true, state: { notice: 'passwordChanged' } });
    },
  });
  // Done: onSuccess has already gone to /login with its notice (a <Navigate> here would drop it).
  if (complete.isSuccess) return <FullPageSpinner />;
  if (!isSignedIn()) return <Navigate to="/login" replace />;
  if (me.isPending) return <FullPageSpinner />;
  if (me.data && !me.data.onboardingRequired && !complete.isPending) return <Navigate to="/" replace />;
  const user = me.data;

  // Each step validates its own fields only (a whole-form submit would also check the hidden steps).
  const next = async () => {
    try {
      await form.validateFields(FIELDS[STEPS[step]!]);
    } catch {
      return; // the fields show why
    }
    if (step < STEPS.length - 1) setStep(step + 1);
    else {
      const v = form.getFieldsValue(true) as TValues;
      complete.mutate({
        firstName: v.firstName.trim(),
        lastName: v.lastName?.trim() || null,
        phone: v.phone?.trim() || null,
        language: v.language,
        currentPassword: v.currentPassword,
        password: v.password,
        acceptTerms: true,
      });
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', padding: isMobile ? 12 : 32, background: '#f3f5f7' }}>
      <Card style={{ width: '100%', maxWidth: 640, alignSelf: 'flex-start' }} data-testid="onboarding">
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('onboarding.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('onboarding.intro')}</Typography.Paragraph>
        <Steps
          current={step}
          size="small"
          direction={isMobile ? 'vertical' : 'horizontal'}
          style={{ marginBottom: 24 }}
          items={STEPS.map((s) => ({ title: t(`onboarding.steps.${s}`) }))}
        />
        {complete.isError && <Alert type="error" showIcon title={errorMessage(complete.error)} style={{ marginBottom: 16 }} role="alert" />}
        <Form<TValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onKeyDown={(event) => {
            if (
              event.key === 'Enter' &&
              (event.target as HTMLElement).tagName === 'INPUT' &&
              (event.target as HTMLElement).getAttribute('role') !== 'combobox'
            ) {
              event.preventDefault();
              void next();
            }
          }}
          initialValues={{
            firstName: user?.firstName,
            lastName: user?.lastName ?? '',
            phone: user?.phone ?? '',
            language: user?.language === 'en' ? 'en' : 'es',
            acceptTerms: false,
          }}
        >
          <div hidden={step !== 0}>
            <Form.Item
              name="firstName"
              label={t('onboarding.fields.firstName')}
              rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}
            >
              <Input autoComplete="given-name" />
            </Form.Item>
            <Form.Item
              name="lastName"
              label={t('onboarding.fields.lastName')}
              rules={[
                { max: 100 },
                {
                  validator: (_r, v: string) => (!v || isValidSurname(v) ? Promise.resolve() : Promise.reject(new Error(t('onboarding.fields.lastNameRule')))),
                },
              ]}
            >
              <Input autoComplete="family-name" />
            </Form.Item>
            <Form.Item name="phone" label={t('onboarding.fields.phone')} rules={[{ pattern: PHONE_PATTERN, message: t('form.invalidPhone') }]}>
              <Input autoComplete="tel" inputMode="tel" placeholder="+34600000000" />
            </Form.Item>
            <Form.Item name="language" label={t('onboarding.fields.language')}>
              <Select
                options={[
                  { value: 'es', label: 'Español' },
                  { value: 'en', label: 'English' },
                ]}
                onChange={(value: 'es' | 'en') => void changeLanguage(value)}
              />
            </Form.Item>
          </div>
          <div hidden={step !== 1}>
            <Form.Item name="currentPassword" label={t('onboarding.fields.currentPassword')} rules={[{ required: true, message: t('form.required') }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('onboarding.fields.password')}
              extra={t('onboarding.fields.passwordRules')}
              rules={[
                { required: true, message: t('form.required') },
                { validator: (_r, v: string) => (!v || isAcceptablePassword(v) ? Promise.resolve() : Promise.reject(new Error(t('onboarding.fields.weak')))) },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <div style={{ marginTop: -12, marginBottom: 16 }}>
              <PasswordStrength password={password} />
            </div>
            <Form.Item
              name="confirm"
              label={t('onboarding.fields.confirm')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('form.required') },
                ({ getFieldValue }) => ({
                  validator: (_r, v: string) =>
                    !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('onboarding.fields.mismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </div>
          <div hidden={step !== 2}>
            <Typography.Paragraph style={{ maxHeight: 240, overflow: 'auto', background: '#fafafa', padding: 12, borderRadius: 8 }}>
              {t('onboarding.terms')}
            </Typography.Paragraph>
            <Form.Item
              name="acceptTerms"
              valuePropName="checked"
              rules={[{ validator: (_r, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('onboarding.mustAccept')))) }]}
            >
              <Checkbox>{t('onboarding.accept')}</Checkbox>
            </Form.Item>
          </div>
          <Flex justify="space-between" gap={12}>
            <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
              {t('onboarding.back')}
            </Button>
            <Button type="primary" onClick={() => void next()} loading={complete.isPending}>
              {step < STEPS.length - 1 ? t('onboarding.next') : t('onboarding.finish')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </div>
  );
}
