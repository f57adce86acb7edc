import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { DirectoryView } from '../../ui/DirectoryView';
import { ListPage, type TListView } from '../../ui/ListPage';
import { useListState } from '../../ui/useListState';
import { PageSkeleton } from '../../ui/PageStates';
import { ClientCard } from './ClientCard';
import { clientColumns } from './clientColumns';
import { ClientFilters, countFilters } from './ClientFilters';
import { useClientsDirectory, useClientsList, useTopClients, type TClientFilters, type TStructure } from './clientsApi';
import { StructureTree } from './StructureTree';
import { useTimeZone } from '../../session/timeZone';

const PATH_OF: Record<TListView, string> = { table: '/clients', tree: '/clients/tree-list', directory: '/clients/directory-list' };

/** /clients (flat table), /clients/tree-list and /clients/directory-list. */
export function ClientsListPage({ view }: { view: TListView }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const state = useListState<TClientFilters>({ sort: 'name' });
  const { search, sort, filters } = state.query;
  const list = useClientsList(state.query, view === 'table');
  const directory = useClientsDirectory({ search, sort, filters }, view === 'directory');
  const top = useTopClients(search, filters, view === 'tree');

  const total = view === 'tree' ? (top.data?.total ?? 0) : view === 'directory' ? (directory.data?.pages[0]?.total ?? 0) : (list.data?.total ?? 0);

  return (
    <ListPage<TStructure>
      title={t('clients.title')}
      settingsKey="table.clients"
      columns={clientColumns(t, timeZone)}
      rowKey={(row) => row._id}
      rows={list.data?.items}
      total={total}
      loading={view === 'table' ? list.isFetching : view === 'tree' ? top.isPending : directory.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      {...state.paging}
      activeFilters={countFilters(filters)}
      renderFilters={(close) => (
        <ClientFilters
          value={filters}
          onApply={(next) => {
            state.applyFilters(next);
            close();
          }}
        />
      )}
      onAdd={() => navigate('/clients/create')}
      addLabel={t('clients.add')}
      views={['tree', 'table', 'directory']}
      view={view}
      onViewChange={(next) => navigate(PATH_OF[next])}
      tree={
        top.isPending ? (
          <PageSkeleton />
        ) : (
          <StructureTree
            roots={top.data?.items ?? []}
            renderTitle={(node) =>
              node.type === 'AREA' ? (
                <Typography.Text>{node.name}</Typography.Text>
              ) : (
                <Link to={`/clients/${node._id}/${node.type === 'STRUCTURE' ? 'structure' : 'general'}`}>{node.name}</Link>
              )
            }
          />
        )
      }
      directory={
        <DirectoryView<TStructure>
          items={directory.data?.pages.flatMap((p) => p.items) ?? []}
          rowKey={(row) => row._id}
          renderCard={(row) => <ClientCard client={row} />}
          loading={directory.isPending}
          loadingMore={directory.isFetchingNextPage}
          hasMore={Boolean(directory.hasNextPage)}
          error={directory.error}
          onRetry={() => void directory.refetch()}
          onLoadMore={() => void directory.fetchNextPage()}
        />
      }
    />
  );
}
