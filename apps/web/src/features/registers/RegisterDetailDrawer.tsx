import { useState } from 'react';
import { Button, Descriptions, Drawer, Flex, Select, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, TableOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FREQUENCIES, frequencyFits, type TFrequency } from '@audit/domain/registers';
import { formatInstantDay } from '@audit/domain/dates';
import { useTimeZone } from '../../session/timeZone';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { useUpdateFrequency } from './registerFormApi';
import type { TRegister } from './registersApi';

const STATUS_COLORS = { pending: 'orange', completed: 'green', closed: 'default' } as const;

interface TProps {
  open: boolean;
  register?: TRegister;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
  onClose: () => void;
  onEdit: () => void;
  onRemove: (register: TRegister) => void;
}

/** A register's detail: every field, 'all' with what it counts today, status; edit, change frequency, delete. */
export function RegisterDetailDrawer({ open, register: r, loading, error, onRetry, onClose, onEdit, onRemove }: TProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const timeZone = useTimeZone();
  const [frequency, setFrequency] = useState<TFrequency | null>(null);
  const updateFrequency = useUpdateFrequency();
  const many = (value: TRegister['establishments'], total: number) =>
    value === 'all' ? t('registers.allOf', { count: total }) : value.map((v) => v.name).join(', ') || '—';
  return (
    <Drawer open={open} onClose={onClose} size={isMobile ? '100%' : 640} title={r?.name ?? t('registers.detail')} destroyOnHidden data-testid="register-detail">
      {loading ? (
        <PageSkeleton rows={8} />
      ) : error || !r ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap>
            {/* The log sheet (features/register-logs), by its path. */}
            <Button type="primary" icon={<TableOutlined />} onClick={() => navigate(`/registers/log/${r._id}`)}>
              {t('registers.openLog')}
            </Button>
            {r.can.update && (
              <Button icon={<EditOutlined />} onClick={onEdit} data-testid="register-edit">
                {t('common.edit')}
              </Button>
            )}
            {r.can.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={() => onRemove(r)}>
                {t('common.delete')}
              </Button>
            )}
          </Flex>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'status', label: t('registers.fields.status'), children: <Tag color={STATUS_COLORS[r.status]}>{t(`registers.status.${r.status}`)}</Tag> },
              { key: 'client', label: t('registers.fields.client'), children: r.client.name },
              { key: 'areaAccess', label: t('registers.fields.areaAccess'), children: t(`registers.areaAccess.${r.areaAccess}`) },
              { key: 'classification', label: t('registers.fields.classification'), children: t(`registers.classification.${r.classification}`) },
              { key: 'template', label: t('registers.fields.template'), children: r.template.name },
              { key: 'category', label: t('registers.fields.category'), children: r.category?.name ?? '—' },
              { key: 'establishments', label: t('registers.fields.establishments'), children: many(r.establishments, r.establishmentsTotal) },
              { key: 'areas', label: t('registers.fields.areas'), children: many(r.areas, r.areasTotal) },
              ...(r.classification === 'measurement'
                ? [{ key: 'typologies', label: t('registers.fields.typologies'), children: r.typologies.map((x) => x.name).join(', ') || '—' }]
                : []),
              { key: 'period', label: t('registers.fields.period'), children: t(`registers.frequency.${r.period}`) },
              {
                key: 'frequency',
                label: t('registers.fields.frequency'),
                children: r.can.update ? (
                  <Select
                    size="small"
                    value={r.frequency}
                    style={{ minWidth: 160 }}
                    aria-label={t('registers.fields.frequency')}
                    options={FREQUENCIES.filter((f) => frequencyFits(f, r.period)).map((f) => ({ value: f, label: t(`registers.frequency.${f}`) }))}
                    onChange={(next: TFrequency) => next !== r.frequency && setFrequency(next)}
                    data-testid="register-frequency-change"
                  />
                ) : (
                  t(`registers.frequency.${r.frequency}`)
                ),
              },
              { key: 'takesPerDay', label: t('registers.fields.takesPerDay'), children: r.takesPerDay },
              { key: 'manualCompletion', label: t('registers.fields.manualCompletion'), children: r.manualCompletion ? t('common.yes') : t('common.no') },
              { key: 'dailyDisabled', label: t('registers.fields.dailyDisabled'), children: r.dailyDisabled ? t('common.yes') : t('common.no') },
              { key: 'hasData', label: t('registers.fields.hasData'), children: r.hasData ? t('common.yes') : t('common.no') },
              { key: 'description', label: t('registers.fields.description'), children: <Typography.Text>{r.description ?? '—'}</Typography.Text> },
              { key: 'createdAt', label: t('registers.fields.createdAt'), children: formatInstantDay(r.createdAt, timeZone) },
            ]}
          />
        </Flex>
      )}
      <ConfirmDialog
        open={Boolean(frequency)}
        danger={false}
        title={t('registers.frequencyTitle')}
        content={t('registers.frequencyQuestion', {
          from: r ? t(`registers.frequency.${r.frequency}`) : '',
          to: frequency ? t(`registers.frequency.${frequency}`) : '',
        })}
        confirmText={t('common.confirm')}
        loading={updateFrequency.isPending}
        onCancel={() => setFrequency(null)}
        onConfirm={() => updateFrequency.mutate({ id: r!._id, frequency: frequency! }, { onSettled: () => setFrequency(null) })}
      />
    </Drawer>
  );
}
