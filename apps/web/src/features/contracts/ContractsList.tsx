import { useEffect, useState } from 'react';
import { Button, Flex } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatCents } from '@audit/domain/contracts/totals';
import { formatDay } from '@audit/domain/dates';
import { downloadFile } from '../../api/download';
import { isApiError } from '../../api/errors';
import { userCan, useMe } from '../../session/me';
import { notifyError } from '../../ui/feedback';
import { ListPage, type TListColumn } from '../../ui/ListPage';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { listQueryProps, useListState } from '../../ui/useListState';
import { useViewport } from '../../ui/useViewport';
import { ContractDrawer } from './ContractDrawer';
import { ContractFilters } from './ContractFilters';
import { ContractForm } from './ContractForm';
import { ContractStatusTag } from './ContractStatusTag';
import { CONTRACTS_EXPORT, contractsBody, useContract, useContracts, type TContract, type TContractFilters } from './contractsApi';

// A period and an amount read as one: never broken over two lines.
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const period = (c: TContract, t: TFunction) => `${formatDay(c.startDate)} – ${c.endDate ? formatDay(c.endDate) : t('contracts.openEnded')}`;

function columns(t: TFunction, language: string, withClient: boolean): TListColumn<TContract>[] {
  return [
    { key: 'reference', title: t('contracts.fields.reference'), sorter: true, locked: true, render: (_, c) => c.reference ?? t('contracts.noReference') },
    ...(withClient ? [{ key: 'client', title: t('contracts.fields.client'), render: (_: unknown, c: TContract) => c.client.name }] : []),
    { key: 'status', title: t('contracts.fields.status'), render: (_, c) => <ContractStatusTag status={c.status} /> },
    { key: 'startDate', title: t('contracts.fields.period'), sorter: true, render: (_, c) => <span style={NOWRAP}>{period(c, t)}</span> },
    { key: 'services', title: t('contracts.fields.services'), render: (_, c) => c.lines.map((l) => `${l.service.name} × ${l.quantity}`).join(', ') },
    {
      key: 'totalCents',
      title: t('contracts.fields.total'),
      sorter: true,
      align: 'right',
      render: (_, c) => <span style={NOWRAP}>{formatCents(c.totalCents, language)}</span>,
    },
  ];
}

/**
 * The contracts list (decision 0083): /contracts with every client, or a client's Contracts tab
 * (`clientId`, the client fixed). Filters, paging, Excel download; a row opens its detail at
 * `?contract={id}` (a link that survives a reload, on the list page and the client's tab alike); the
 * add button opens the form for a new draft.
 */
export function ContractsList({ clientId }: { clientId?: string }) {
  const { t, i18n } = useTranslation();
  const { isMobile } = useViewport();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const id = params.get('contract') ?? undefined;
  const select = (next: string | null, replace = false) =>
    setParams(
      (old) => {
        const out = new URLSearchParams(old);
        if (next) out.set('contract', next);
        else out.delete('contract');
        return out;
      },
      { replace },
    );
  const state = useListState<TContractFilters>({ sort: '-startDate', filters: { status: [] } });
  const filters = { ...state.filters, ...(clientId ? { client: clientId } : {}) };
  const list = useContracts({ ...state.query, filters });
  const current = useContract(id);
  const [formOpen, setFormOpen] = useState<'new' | 'edit' | null>(null);
  const [exporting, setExporting] = useState(false);
  const active = (state.filters.status?.length ? 1 : 0) + (state.filters.client && !clientId ? 1 : 0) + (state.filters.service ? 1 : 0);
  const empty = t(active || state.query.search ? 'contracts.empty' : 'contracts.emptyNone');
  const open = (c: TContract) => select(c._id);
  const gone = current.isError && isApiError(current.error) && [404, 403].includes(current.error.status);
  useEffect(() => {
    if (gone) select(null, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the asked contract turns out gone
  }, [gone]);

  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadFile(CONTRACTS_EXPORT, t('contracts.exportFile'), { body: contractsBody({ search: state.query.search, filters, sort: state.query.sort }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Button
          icon={<FileExcelOutlined />}
          loading={exporting}
          onClick={() => void exportExcel()}
          aria-label={t('contracts.export')}
          data-testid="contracts-export"
        >
          {!isMobile && t('contracts.export')}
        </Button>
      </Flex>
      <ListPage<TContract>
        title={t('contracts.title')}
        settingsKey="table.contracts"
        columns={columns(t, i18n.language, !clientId)}
        rowKey={(c) => c._id}
        {...listQueryProps<TContract>(list)}
        {...state.paging}
        renderFilters={(close) => (
          <ContractFilters
            value={state.filters}
            withClient={!clientId}
            onApply={(next) => {
              state.applyFilters(next);
              close();
            }}
          />
        )}
        activeFilters={active}
        onAdd={userCan(me.data, 'CONTRACT:CREATE') ? () => setFormOpen('new') : undefined}
        addLabel={t('contracts.add')}
        onRowClick={open}
        view={isMobile ? 'directory' : 'table'}
        directory={
          <PhoneCards
            testId="contract-cards"
            items={list.data?.items}
            total={list.data?.total ?? 0}
            page={state.paging.page}
            pageSize={state.paging.pageSize}
            onPageChange={(p) => state.paging.onPageChange(p, state.paging.pageSize)}
            loading={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            emptyText={empty}
            rowKey={(c) => c._id}
            renderCard={(c) => (
              <PhoneCard
                testId="contract-card"
                title={c.reference ?? t('contracts.noReference')}
                tag={<ContractStatusTag status={c.status} />}
                onOpen={() => open(c)}
                meta={
                  <>
                    {!clientId && `${c.client.name} · `}
                    {period(c, t)} · {t('contracts.linesCount', { count: c.lines.length })} · <strong>{formatCents(c.totalCents, i18n.language)}</strong>
                  </>
                }
              />
            )}
          />
        }
        emptyText={empty}
      />
      <ContractDrawer
        open={Boolean(id) && formOpen !== 'edit'}
        contract={current.data}
        loading={current.isPending}
        error={current.error}
        onRetry={() => void current.refetch()}
        onClose={() => select(null)}
        onEdit={() => setFormOpen('edit')}
      />
      <ContractForm
        open={formOpen !== null}
        contract={formOpen === 'edit' ? current.data : undefined}
        clientId={clientId}
        onClose={() => setFormOpen(null)}
        onSaved={(saved) => {
          setFormOpen(null);
          select(saved._id);
        }}
      />
    </>
  );
}
