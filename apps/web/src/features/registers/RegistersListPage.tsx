import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../api/errors';
import { userCan, useMe } from '../../session/me';
import { ListPage } from '../../ui/ListPage';
import { useViewport } from '../../ui/useViewport';
import { registerColumns } from './registerColumns';
import { RegisterDetailDrawer } from './RegisterDetailDrawer';
import { useRegister } from './registerFormApi';
import { RegisterFormDrawer } from './RegisterFormDrawer';
import { REGISTERS_PAGE_SIZE, useRegistersList, type TRegister } from './registersApi';
import { RemoveRegisterDialog } from './RemoveRegisterDialog';

export const BASE_PATH = '/registers/management';
export type TRegistersView = 'list' | 'create' | 'detail' | 'edit';

/**
 * /registers/management: the registers of the caller's clients (within their registersAccess) on
 * the shared list page; create ({base}/create), detail ({base}/:id) and edit ({base}/:id/edit) open
 * over it as drawers. A register that cannot be found sends back to the list.
 */
export function RegistersListPage({ view = 'list' }: { view?: TRegistersView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const canCreate = userCan(useMe().data, 'REGISTER:CREATE');
  const { isMobile } = useViewport();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<TRegister | null>(null);
  const list = useRegistersList({ page, search });
  const current = useRegister(view === 'detail' || view === 'edit' ? id : undefined);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);
  const toList = () => navigate(BASE_PATH);
  // Not found (or not visible any more): back to the base, as the product document asks.
  const notFound = current.isError && isApiError(current.error) && current.error.status === 404;
  useEffect(() => {
    if (notFound) navigate(BASE_PATH, { replace: true });
  }, [notFound, navigate]);

  return (
    <>
      <ListPage<TRegister>
        title={t('registers.title')}
        settingsKey={isMobile ? 'table.registers.phone' : 'table.registers'}
        columns={registerColumns(t, setRemoving, isMobile)}
        defaultHidden={['template', 'category', 'classification']}
        rowKey={(r) => r._id}
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
        onAdd={canCreate ? () => navigate(`${BASE_PATH}/create`) : undefined}
        addLabel={t('registers.add')}
        onRowClick={(r) => navigate(`${BASE_PATH}/${r._id}`)}
      />
      <RegisterDetailDrawer
        open={view === 'detail'}
        register={current.data}
        loading={current.isPending}
        error={current.error}
        onRetry={() => void current.refetch()}
        onClose={toList}
        onEdit={() => navigate(`${BASE_PATH}/${id}/edit`)}
        onRemove={setRemoving}
      />
      <RegisterFormDrawer
        open={view === 'create' || view === 'edit'}
        register={view === 'edit' ? current.data : undefined}
        loading={view === 'edit' && current.isPending}
        error={view === 'edit' ? current.error : undefined}
        onClose={() => (view === 'edit' ? navigate(`${BASE_PATH}/${id}`) : toList())}
        onSaved={(saved) => navigate(`${BASE_PATH}/${saved._id}`)}
      />
      <RemoveRegisterDialog register={removing} onClose={() => setRemoving(null)} onRemoved={() => view !== 'list' && toList()} />
    </>
  );
}
