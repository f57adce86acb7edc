import { useState } from 'react';
import { Button, Flex, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@audit/domain/constants';
import { useServices, type TTemplateFilters } from './templatesApi';

export const countFilters = (f: TTemplateFilters) => [f.enabled !== undefined, Boolean(f.language), Boolean(f.service)].filter(Boolean).length;

/** Filters of the template list: enabled, language, service. */
export function TemplateFilters({ value, onApply }: { value: TTemplateFilters; onApply: (next: TTemplateFilters) => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const [draft, setDraft] = useState<TTemplateFilters>(value);
  return (
    <Form name="templateFilters" layout="vertical">
      <Form.Item label={t('templates.fields.enabled')}>
        <Select
          allowClear
          value={draft.enabled === undefined ? undefined : String(draft.enabled)}
          onChange={(v?: string) => setDraft({ ...draft, enabled: v === undefined ? undefined : v === 'true' })}
          options={[
            { value: 'true', label: t('templates.enabled') },
            { value: 'false', label: t('templates.disabled') },
          ]}
          aria-label={t('templates.fields.enabled')}
        />
      </Form.Item>
      <Form.Item label={t('templates.fields.language')}>
        <Select
          allowClear
          value={draft.language}
          onChange={(language?: string) => setDraft({ ...draft, language })}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          aria-label={t('templates.fields.language')}
        />
      </Form.Item>
      <Form.Item label={t('templates.fields.service')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={services.isPending}
          value={draft.service}
          onChange={(service?: string) => setDraft({ ...draft, service })}
          options={(services.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          aria-label={t('templates.fields.service')}
        />
      </Form.Item>
      <Flex gap={8} justify="end">
        <Button onClick={() => setDraft({})}>{t('templates.clearFilters')}</Button>
        <Button type="primary" onClick={() => onApply(draft)} data-testid="filters-apply">
          {t('templates.applyFilters')}
        </Button>
      </Flex>
    </Form>
  );
}
