import { useCallback, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { DirectoryView } from '../../ui/DirectoryView';
import { ListPage, type TListView } from '../../ui/ListPage';
import { PageSkeleton } from '../../ui/PageStates';
import { ClientCard } from './ClientCard';
import { clientColumns } from './clientColumns';
import { ClientFilters, countFilters } from './ClientFilters';
import { useClientsDirectory, useClientsList, useTopClients, type TClientFilters, type TStructure } from './clientsApi';
import { StructureTree } from './StructureTree';

const PATH_OF: Record<TListView, string> = { table: '/clients', tree: '/clients/tree-list', directory: '/clients/directory-list' };

/** /clients (flat table), /clients/tree-list and /clients/directory-list. */
export function ClientsListPage({ view }: { view: TListView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string | undefined>('name');
  const [filters, setFilters] = useState<TClientFilters>({});
  const list = useClientsList({ page, size, search, sort, filters }, view === 'table');
  const directory = useClientsDirectory({ search, sort, filters }, view === 'directory');
  const top = useTopClients(search, filters, view === 'tree');

  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);

  const total = view === 'tree' ? (top.data?.total ?? 0) : view === 'directory' ? (directory.data?.pages[0]?.total ?? 0) : (list.data?.total ?? 0);

  return (
    <ListPage<TStructure>
      title={t('clients.title')}
      settingsKey="table.clients"
      columns={clientColumns(t)}
      rowKey={(row) => row._id}
      rows={list.data?.items}
      total={total}
      loading={view === 'table' ? list.isFetching : view === 'tree' ? top.isPending : directory.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      page={page}
      pageSize={size}
      onPageChange={(nextPage, nextSize) => {
        setPage(nextSize === size ? nextPage : 0);
        setSize(nextSize);
      }}
      onSortChange={(next) => setSort(next ?? 'name')}
      search={search}
      onSearch={onSearch}
      activeFilters={countFilters(view === 'tree' ? { active: filters.active } : filters)}
      renderFilters={(close) => (
        <ClientFilters
          value={filters}
          withType={view !== 'tree'}
          onApply={(next) => {
            setFilters(next);
            setPage(0);
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
              node.type === 'AREA' ? <Typography.Text>{node.name}</Typography.Text> : <Link to={`/clients/${node._id}/${node.type === 'STRUCTURE' ? 'structure' : 'general'}`}>{node.name}</Link>
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
