import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, TableOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { TListColumn } from '../../ui/ListPage';
import type { TRegister } from './registersApi';

const STATUS_COLORS = { pending: 'orange', completed: 'green', closed: 'default' } as const;

/** 'all' shows its resolved total; a list shows its names. */
const many = (t: TFunction, value: TRegister['establishments'], total: number) =>
  value === 'all' ? t('registers.allOf', { count: total }) : value.map((v) => v.name).join(', ');

const statusTag = (t: TFunction, r: TRegister) => <Tag color={STATUS_COLORS[r.status]}>{t(`registers.status.${r.status}`)}</Tag>;

/**
 * On a phone (`phone`), one column holds what the row says, wrapping: the name, then the client,
 * the area access and the frequency, then the status; only the actions stay beside it, so the list
 * never scrolls sideways. Elsewhere a column per field, several hidden by default.
 */
export function registerColumns(t: TFunction, onRemove: (register: TRegister) => void, phone = false): TListColumn<TRegister>[] {
  const actions = registerActions(t, onRemove);
  if (phone)
    return [
      {
        key: 'name',
        title: t('registers.fields.name'),
        locked: true,
        render: (_, r) => (
          <Flex
            vertical
            gap={2}
            align="flex-start"
            // The table sizes itself to its content (max-content): a bounded width is what makes the text wrap.
            style={{ maxWidth: 'calc(100vw - 160px)', whiteSpace: 'normal', overflowWrap: 'anywhere' }}
            data-testid="register-phone-row"
          >
            <strong>{r.name}</strong>
            <Typography.Text type="secondary">
              {[r.client.name, t(`registers.areaAccess.${r.areaAccess}`), t(`registers.frequency.${r.frequency}`)].join(' · ')}
            </Typography.Text>
            {statusTag(t, r)}
          </Flex>
        ),
      },
      actions,
    ];
  return [
    { key: 'name', title: t('registers.fields.name'), locked: true, render: (_, r) => <strong>{r.name}</strong> },
    { key: 'client', title: t('registers.fields.client'), render: (_, r) => r.client.name },
    { key: 'areaAccess', title: t('registers.fields.areaAccess'), render: (_, r) => t(`registers.areaAccess.${r.areaAccess}`) },
    { key: 'classification', title: t('registers.fields.classification'), render: (_, r) => t(`registers.classification.${r.classification}`) },
    { key: 'category', title: t('registers.fields.category'), render: (_, r) => r.category?.name ?? '—' },
    { key: 'template', title: t('registers.fields.template'), render: (_, r) => r.template.name },
    { key: 'period', title: t('registers.fields.period'), render: (_, r) => t(`registers.frequency.${r.period}`) },
    { key: 'frequency', title: t('registers.fields.frequency'), render: (_, r) => t(`registers.frequency.${r.frequency}`) },
    { key: 'establishments', title: t('registers.fields.establishments'), render: (_, r) => many(t, r.establishments, r.establishmentsTotal) },
    { key: 'areas', title: t('registers.fields.areas'), render: (_, r) => many(t, r.areas, r.areasTotal) },
    { key: 'status', title: t('registers.fields.status'), render: (_, r) => statusTag(t, r) },
    actions,
  ];
}

function registerActions(t: TFunction, onRemove: (register: TRegister) => void): TListColumn<TRegister> {
  return {
    key: 'actions',
    title: t('registers.actions'),
    locked: true,
    fixed: 'right',
    align: 'center',
    render: (_, r) => (
      // A click here is the button's or the link's, not the row's (the row opens the log sheet).
      <span onClick={(e) => e.stopPropagation()}>
        {/* The log sheet (features/register-logs), by its path. */}
        <Tooltip title={t('registers.openLog')}>
          <Link to={`/registers/log/${r._id}`} aria-label={t('registers.openLogOf', { name: r.name })} style={{ padding: '4px 8px' }}>
            <TableOutlined />
          </Link>
        </Tooltip>
        {r.can.delete ? (
          <Tooltip title={t('common.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('registers.removeOf', { name: r.name })} onClick={() => onRemove(r)} />
          </Tooltip>
        ) : null}
      </span>
    ),
  };
}
