import { Descriptions, Tag, Typography } from 'antd';
import { formatInstant, formatStoredDay } from '@audit/domain/dates';
import { useTranslation } from 'react-i18next';
import type { TStructure } from './clientsApi';
import { ActiveTag, GeoName } from './clientColumns';
import { useNomenclatureOptions, type TNomenclature } from './optionsApi';
import { useTimeZone } from '../../session/timeZone';

function NomenclatureNames({ kind, ids }: { kind: TNomenclature; ids: (string | null)[] }) {
  const options = useNomenclatureOptions(kind);
  const present = ids.filter((id): id is string => Boolean(id));
  if (!present.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      {present.map((id) => (
        <Tag key={id}>{options.data?.items.find((o) => o._id === id)?.name ?? '…'}</Tag>
      ))}
    </>
  );
}

/** The general tab: every field of the client, establishment or area. */
export function ClientGeneral({ s }: { s: TStructure }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const txt = (v: string | number | null) => (v === null || v === '' ? dash : String(v));
  const month = (m: number | null) => (m ? new Intl.DateTimeFormat(i18n.language, { month: 'long' }).format(new Date(2024, m - 1, 1)) : dash);
  const days = (list: number[]) => (list.length ? list.join(', ') : dash);
  const isArea = s.type === 'AREA';
  const items = [
    { key: 'name', label: t('clients.fields.name'), children: s.name },
    { key: 'code', label: t('clients.fields.code'), children: txt(s.code) },
    isArea
      ? { key: 'areaType', label: t('clients.fields.areaType'), children: <NomenclatureNames kind="areaTypes" ids={[s.areaType]} /> }
      : { key: 'cif', label: t('clients.fields.cif'), children: txt(s.cif) },
    ...(isArea
      ? []
      : [
          { key: 'country', label: t('clients.fields.country'), children: <GeoName level="countries" id={s.country} /> },
          { key: 'province', label: t('clients.fields.province'), children: <GeoName level="states" id={s.province} /> },
          { key: 'municipality', label: t('clients.fields.municipality'), children: <GeoName level="cities" id={s.municipality} /> },
          { key: 'address', label: t('clients.fields.address'), children: txt(s.address) },
          { key: 'zipCode', label: t('clients.fields.zipCode'), children: txt(s.zipCode) },
          { key: 'fax', label: t('clients.fields.fax'), children: txt(s.fax) },
        ]),
    {
      key: 'phones',
      label: t('clients.fields.phones'),
      children: s.phones.length ? s.phones.map((p) => <div key={p.phone}>{`${t(`clients.phoneType.${p.type}`)}: ${p.phone}`}</div>) : dash,
    },
    { key: 'contactPerson', label: t('clients.fields.contactPerson'), children: txt(s.contactPerson) },
    { key: 'email', label: t('clients.fields.email'), children: txt(s.email) },
    ...(isArea
      ? []
      : [
          { key: 'billingEmail', label: t('clients.fields.billingEmail'), children: txt(s.billingEmail) },
          { key: 'auditReportEmail', label: t('clients.fields.auditReportEmail'), children: txt(s.auditReportEmail) },
          { key: 'analyticalReportEmail', label: t('clients.fields.analyticalReportEmail'), children: txt(s.analyticalReportEmail) },
          { key: 'socialReason', label: t('clients.fields.socialReason'), children: <NomenclatureNames kind="socialReasons" ids={[s.socialReason]} /> },
          { key: 'company', label: t('clients.fields.company'), children: <NomenclatureNames kind="companies" ids={[s.company]} /> },
          { key: 'paymentType', label: t('clients.fields.paymentType'), children: <NomenclatureNames kind="paymentTypes" ids={[s.paymentType]} /> },
          { key: 'activities', label: t('clients.fields.activities'), children: <NomenclatureNames kind="activities" ids={s.activities} /> },
          { key: 'openMonth', label: t('clients.fields.openMonth'), children: month(s.openMonth) },
          { key: 'closeMonth', label: t('clients.fields.closeMonth'), children: month(s.closeMonth) },
          { key: 'notVisitDays', label: t('clients.fields.notVisitDays'), children: days(s.notVisitDays) },
        ]),
    { key: 'visitDays', label: t('clients.fields.visitDays'), children: days(s.visitDays) },
    { key: 'active', label: t('clients.fields.active'), children: <ActiveTag active={s.active} t={t} /> },
    { key: 'inactivityDate', label: t('clients.fields.inactivityDate'), children: s.inactivityDate ? formatStoredDay(s.inactivityDate) : dash },
    { key: 'createdAt', label: t('clients.fields.createdAt'), children: formatInstant(s.createdAt, timeZone) },
  ];
  return <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="middle" items={items} data-testid="client-general" />;
}
