import type { TFunction } from 'i18next';
import { Tag } from 'antd';
import { formatInstantDay } from '@audit/domain/dates';
import { Link } from 'react-router-dom';
import type { TListColumn } from '../../ui/ListPage';
import type { TStructure } from './clientsApi';
import { useGeoItem, type TGeoLevel } from '../../ui/geoOptions';

/** A province or municipality by id (GET by id, cached). */
export function GeoName({ level, id }: { level: TGeoLevel; id: string | null }) {
  const item = useGeoItem(level, id);
  return <>{id ? (item.data?.name ?? '…') : '—'}</>;
}

export const TYPE_COLOR: Record<TStructure['type'], string> = { STRUCTURE: 'geekblue', ESTABLISHMENT: 'cyan', AREA: 'gold' };

export const TypeTag = ({ type, t }: { type: TStructure['type']; t: TFunction }) => (
  <Tag color={TYPE_COLOR[type]} style={{ marginInlineEnd: 0 }}>
    {t(`clients.type.${type}`)}
  </Tag>
);

export const ActiveTag = ({ active, t }: { active: boolean; t: TFunction }) => (
  <Tag color={active ? 'green' : 'default'}>{active ? t('clients.active') : t('clients.inactive')}</Tag>
);

/** `timeZone`: the space's, where a creation date's day is counted. */
export function clientColumns(t: TFunction, timeZone: string): TListColumn<TStructure>[] {
  return [
    {
      key: 'name',
      title: t('clients.fields.name'),
      dataIndex: 'name',
      sorter: true,
      locked: true,
      render: (_v, row) => <Link to={`/clients/${row._id}/structure`}>{row.name}</Link>,
    },
    { key: 'code', title: t('clients.fields.code'), dataIndex: 'code', sorter: true, render: (v: string | null) => v ?? '—' },
    { key: 'cif', title: t('clients.fields.cif'), dataIndex: 'cif', sorter: true, render: (v: string | null) => v ?? '—' },
    { key: 'province', title: t('clients.fields.province'), render: (_v, row) => <GeoName level="states" id={row.province} /> },
    { key: 'municipality', title: t('clients.fields.municipality'), render: (_v, row) => <GeoName level="cities" id={row.municipality} /> },
    { key: 'active', title: t('clients.fields.active'), dataIndex: 'active', sorter: true, render: (v: boolean) => <ActiveTag active={v} t={t} /> },
    { key: 'createdAt', title: t('clients.fields.createdAt'), dataIndex: 'createdAt', sorter: true, render: (v: string) => formatInstantDay(v, timeZone) },
  ];
}
