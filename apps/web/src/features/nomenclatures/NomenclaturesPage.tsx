import { useState } from 'react';
import { Button, Card, Flex, Tabs, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { formatInstantDay } from '@audit/domain/dates';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEMPLATE_PAGE_SIZE } from '@audit/domain/constants';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { NOMENCLATURES, nomenclatureOf, type TNomenclatureDef } from './definitions';
import { CompanyGoalsCard } from './CompanyGoalsCard';
import { NomenclatureDrawer, type TNomenclatureTarget } from './NomenclatureDrawer';
import { useNomenclatureList, useRemoveNomenclature, type TNomenclatureItem } from './nomenclaturesApi';
import { useTimeZone } from '../../session/timeZone';

function columns(
  def: TNomenclatureDef,
  t: TFunction,
  language: string,
  timeZone: string,
  actions: (row: TNomenclatureItem) => React.ReactNode,
): TListColumn<TNomenclatureItem>[] {
  const extra = new Set(def.extra ?? []);
  const cols: TListColumn<TNomenclatureItem>[] = [
    {
      key: 'name',
      title: t('nomenclatures.fields.name'),
      dataIndex: 'name',
      sorter: true,
      locked: true,
      render: (v: string, row) => (
        <Flex gap={6} align="center">
          {typeof row.color === 'string' && <span style={{ width: 12, height: 12, borderRadius: 3, background: row.color, flex: 'none' }} />}
          {v}
          {!row.can.update && (
            <Tooltip title={t('nomenclatures.inherited')}>
              <Tag icon={<LockOutlined />}>{t('nomenclatures.inheritedShort')}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    { key: 'description', title: t('nomenclatures.fields.description'), dataIndex: 'description', ellipsis: true, render: (v: string | null) => v ?? '—' },
  ];
  // Numbers in the user's language (180,00 € in Spanish).
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' });
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  if (extra.has('price'))
    cols.push({
      key: 'price',
      title: t('nomenclatures.fields.price'),
      dataIndex: 'price',
      sorter: true,
      align: 'right',
      render: (v: number) => money.format(v),
    });
  if (extra.has('executionTime'))
    cols.push({
      key: 'executionTime',
      title: t('nomenclatures.fields.executionTime'),
      dataIndex: 'executionTime',
      sorter: true,
      align: 'right',
      render: (v: number) => decimal.format(v),
    });
  if (extra.has('groupIva'))
    cols.push({ key: 'groupIva', title: t('nomenclatures.fields.groupIva'), dataIndex: 'ivaPercentage', render: (v: number) => `${v} %` });
  if (extra.has('code')) cols.push({ key: 'code', title: t('nomenclatures.fields.code'), dataIndex: 'code', render: (v: string | null) => v ?? '—' });
  if (extra.has('legalRepresentative'))
    cols.push({
      key: 'legalRepresentative',
      title: t('nomenclatures.fields.legalRepresentative'),
      dataIndex: 'legalRepresentative',
      render: (v: string | null) => v ?? '—',
    });
  if (extra.has('email')) cols.push({ key: 'email', title: t('nomenclatures.fields.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' });
  cols.push({
    key: 'createdAt',
    title: t('nomenclatures.fields.createdAt'),
    dataIndex: 'createdAt',
    sorter: !def.categoryType,
    render: (v: string) => formatInstantDay(v, timeZone),
  });
  cols.push({ key: 'actions', title: '', locked: true, fixed: 'right', align: 'right', render: (_v, row) => actions(row) });
  return cols;
}

/** /settings/nomenclatures/* and /settings/services: one generic list and form per catalogue, with tabs. */
export function NomenclaturesPage() {
  const { pathname } = useLocation();
  const def = nomenclatureOf(pathname);
  // A fresh page state (paging, search) per catalogue.
  return <Catalogue key={def.key} def={def} />;
}

function Catalogue({ def }: { def: TNomenclatureDef }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const state = useListState({ sort: 'name', size: def.categoryType ? TEMPLATE_PAGE_SIZE : undefined });
  const [target, setTarget] = useState<TNomenclatureTarget | null>(null);
  const [removing, setRemoving] = useState<TNomenclatureItem | null>(null);
  const { page, size, search, sort } = state.query;
  const list = useNomenclatureList(def, { page, size, search, sort });
  const remove = useRemoveNomenclature(def);

  const actions = (row: TNomenclatureItem) => (
    <Flex gap={2} justify="flex-end">
      {def.categoryType && (
        <Tooltip title={t('nomenclatures.addChild')}>
          <Button size="small" type="text" icon={<PlusOutlined />} aria-label={t('nomenclatures.addChild')} onClick={() => setTarget({ parent: row })} />
        </Tooltip>
      )}
      {row.can.update && (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('common.edit')}
          onClick={() => setTarget({ item: row })}
          data-testid="row-edit"
        />
      )}
      {row.can.delete && (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('common.delete')}
          onClick={() => setRemoving(row)}
          data-testid="row-delete"
        />
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <Card styles={{ body: { padding: '4px 16px 0' } }}>
        <Tabs
          activeKey={def.key}
          onChange={(key) => navigate(NOMENCLATURES.find((d) => d.key === key)!.path)}
          items={NOMENCLATURES.map((d) => ({ key: d.key, label: t(`nomenclatures.tabs.${d.key}`) }))}
          style={{ marginBottom: 0 }}
        />
      </Card>
      <ListPage<TNomenclatureItem>
        title={t(`nomenclatures.tabs.${def.key}`)}
        settingsKey={`table.nomenclature.${def.key}`}
        columns={columns(def, t, i18n.language, timeZone, actions)}
        rowKey={(row) => row._id}
        {...listQueryProps(list)}
        {...state.paging}
        onAdd={() => setTarget({})}
        addLabel={t(`nomenclatures.add.${def.key}`)}
      />
      {def.key === 'services' && <CompanyGoalsCard />}
      <NomenclatureDrawer def={def} target={target} onClose={() => setTarget(null)} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('common.deleteTitle')}
        content={t('nomenclatures.removeQuestion', { name: removing?.name })}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!._id, { onSettled: () => setRemoving(null) })}
      />
    </Flex>
  );
}
