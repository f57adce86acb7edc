import { useState } from 'react';
import { Button, Flex, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClientFilters } from './clientsApi';

export const countFilters = (filters: TClientFilters) => (filters.active !== undefined ? 1 : 0);

/** Active (all / active / inactive): the lists show clients only (their establishments and areas are in each client). */
export function ClientFilters({ value, onApply }: { value: TClientFilters; onApply: (next: TClientFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TClientFilters>(value);
  const active = draft.active === undefined ? 'all' : draft.active ? 'active' : 'inactive';
  return (
    <Form name="clientFilters" layout="vertical">
      <Form.Item label={t('clients.fields.active')}>
        <Radio.Group
          value={active}
          onChange={(e) => setDraft({ ...draft, active: e.target.value === 'all' ? undefined : e.target.value === 'active' })}
          options={[
            { value: 'all', label: t('clients.filters.all') },
            { value: 'active', label: t('clients.active') },
            { value: 'inactive', label: t('clients.inactive') },
          ]}
        />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={() => setDraft({})}>{t('list.resetFilters')}</Button>
        <Button type="primary" onClick={() => onApply(draft)} data-testid="filters-apply">
          {t('list.applyFilters')}
        </Button>
      </Flex>
    </Form>
  );
}
