import { useEffect, useMemo } from 'react';
import { Button, Card, Divider, Flex, Form, Input, Select, Switch, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { timeZoneNames } from '@audit/domain/dates';
import type { TSpaceSettings } from '@audit/domain/spaces';
import { useCurrentSpace, type TSpace } from '../../session/space';
import { applyFieldErrors } from '../../ui/formErrors';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { useSaveSettings } from './adminApi';
import { LogoField } from './LogoField';

interface TValues {
  name: string;
  logo?: string | null;
  timeZone: string;
  language: 'es' | 'en';
  signupEnabled: boolean;
  onboardingActive: boolean;
}

/** The form's values from the space as the server answers it (the logo unchanged until one is uploaded). */
const valuesOf = (space: TSpace): TValues => ({
  name: space.name,
  logo: undefined,
  timeZone: space.timeZone ?? 'Europe/Madrid',
  language: space.language ?? 'es',
  signupEnabled: space.signupEnabled,
  onboardingActive: space.onboardingActive,
});

/** A switch with its label and what it does, one per line (phones included). */
function SwitchRow({ name, label, hint }: { name: keyof TValues; label: string; hint: string }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16}>
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
          {hint}
        </Typography.Paragraph>
      </div>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-label={label} data-testid={`setting-${name}`} />
      </Form.Item>
    </Flex>
  );
}

/** /admin/settings: the session's space (decision 0047): name and logo, time zone, default language, sign-up and onboarding. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const space = useCurrentSpace();
  const save = useSaveSettings();
  const [form] = Form.useForm<TValues>();
  const zones = useMemo(() => timeZoneNames().map((zone) => ({ value: zone, label: zone })), []);
  const data = space.data;
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue(valuesOf(data));
  }, [data, form]);
  if (space.isPending) return <PageSkeleton />;
  if (space.isError) return <ErrorState error={space.error} onRetry={() => void space.refetch()} />;
  const submit = (v: TValues) => {
    const body: TSpaceSettings = {
      name: v.name.trim(),
      timeZone: v.timeZone,
      language: v.language,
      signupEnabled: v.signupEnabled,
      onboardingActive: v.onboardingActive,
      ...(v.logo === undefined ? {} : { logo: v.logo }),
    };
    save.mutate(body, {
      onSuccess: () => form.setFieldValue('logo', undefined),
      onError: (e) => applyFieldErrors(form, e, ['name', 'logo', 'timeZone', 'language']),
    });
  };
  return (
    <Card title={t('admin.settings.title')} styles={{ body: { padding: isMobile ? 12 : 24 } }} style={{ maxWidth: 760 }}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={save.isPending}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('admin.settings.identity')}
        </Typography.Title>
        <Form.Item name="name" label={t('admin.spaces.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="logo" label={t('admin.logo.label')} extra={t('admin.settings.logoUse')}>
          <LogoField current={space.data.logo} />
        </Form.Item>
        <Divider />
        <Typography.Title level={5}>{t('admin.settings.region')}</Typography.Title>
        <Flex gap={16} wrap>
          <Form.Item name="timeZone" label={t('admin.settings.timeZone')} extra={t('admin.settings.timeZoneHint')} style={{ flex: '1 1 260px' }}>
            <Select showSearch options={zones} optionFilterProp="label" data-testid="setting-timeZone" />
          </Form.Item>
          <Form.Item name="language" label={t('admin.settings.language')} extra={t('admin.settings.languageHint')} style={{ flex: '1 1 200px' }}>
            <Select
              options={[
                { value: 'es', label: t('language.es') },
                { value: 'en', label: t('language.en') },
              ]}
              data-testid="setting-language"
            />
          </Form.Item>
        </Flex>
        <Divider />
        <Typography.Title level={5}>{t('admin.settings.access')}</Typography.Title>
        <Flex vertical gap={16}>
          <SwitchRow name="signupEnabled" label={t('admin.settings.signup')} hint={t('admin.settings.signupHint')} />
          <SwitchRow name="onboardingActive" label={t('admin.settings.onboarding')} hint={t('admin.settings.onboardingHint')} />
        </Flex>
        <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }} wrap>
          <Button onClick={() => form.setFieldsValue(valuesOf(space.data))} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
