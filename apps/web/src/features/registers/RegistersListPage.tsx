import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPage } from '../../ui/ListPage';
import { registerColumns } from './registerColumns';
import { REGISTERS_PAGE_SIZE, useRegistersList, useRemoveRegister, type TRegister } from './registersApi';

/**
 * /registers/management: the registers of the caller's clients (within their registersAccess) on
 * the shared list page; a row opens the register's log sheet. Deleting asks first; a register with logs says how much goes with it.
 */
export function RegistersListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<TRegister | null>(null);
  const list = useRegistersList({ page, search });
  const remove = useRemoveRegister();
  const navigate = useNavigate();
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);

  return (
    <>
      <ListPage<TRegister>
        title={t('registers.title')}
        settingsKey="table.registers"
        columns={registerColumns(t, setRemoving)}
        defaultHidden={['template', 'category', 'classification']}
        rowKey={(r) => r._id}
        // A click on a row, or Enter on a focused one, opens the register's log sheet (features/register-logs, by its path).
        onRowClick={(r) => navigate(`/registers/log/${r._id}`)}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={page}
        pageSize={REGISTERS_PAGE_SIZE}
        onPageChange={(next) => setPage(next)}
        search={search}
        onSearch={onSearch}
        emptyText={t('registers.empty')}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('registers.removeTitle')}
        content={removing?.hasData ? t('registers.removeWithData', { name: removing.name }) : t('registers.removeQuestion', { name: removing?.name ?? '' })}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate({ id: removing!._id, force: removing!.hasData }, { onSettled: () => setRemoving(null) })}
      />
    </>
  );
}
