import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { useMe } from '../../session/me';
import { DirectoryView } from '../../ui/DirectoryView';
import { ListPage, type TListView } from '../../ui/ListPage';
import { useViewport } from '../../ui/useViewport';
import { userColumns } from './userColumns';
import { UserCard } from './UserCard';
import { countFilters, UserFilters } from './UserFilters';
import { useUsersDirectory, useUsersList, type TUser, type TUserFilters } from './usersApi';
import { UsersBulkActions } from './UsersBulkActions';
import { useUserActions } from './useUserActions';

/** /admin/users: the users of the current space, paged on the server. */
export function UsersListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meId = useMe().data?._id ?? '';
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string | undefined>('-createdAt');
  const [filters, setFilters] = useState<TUserFilters>({});
  const { isMobile } = useViewport();
  // Cards read better than a scrolled table on a phone.
  const [view, setView] = useState<TListView>(isMobile ? 'directory' : 'table');
  const [selected, setSelected] = useState<string[]>([]);
  const list = useUsersList({ page, size, search, sort, filters });
  const directory = useUsersDirectory({ search, sort, filters }, view === 'directory');
  const { handlers, dialogs } = useUserActions();
  const columns = userColumns(t, meId, handlers);

  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
    setSelected([]);
  }, []);

  const directoryItems = directory.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <ListPage<TUser>
        title={t('users.title')}
        settingsKey="table.adminUsers"
        defaultHidden={['phone']}
        columns={columns}
        rowKey={(user) => user._id}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={page}
        pageSize={size}
        onPageChange={(nextPage, nextSize) => {
          setPage(nextSize === size ? nextPage : 0);
          setSize(nextSize);
        }}
        onSortChange={(next) => setSort(next ?? '-createdAt')}
        search={search}
        onSearch={onSearch}
        activeFilters={countFilters(filters)}
        renderFilters={(close) => (
          <UserFilters
            value={filters}
            onApply={(next) => {
              setFilters(next);
              setPage(0);
              setSelected([]);
              close();
            }}
          />
        )}
        onAdd={() => navigate('/admin/users/create')}
        addLabel={t('users.add')}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (user) => ({ disabled: user._id === meId, 'aria-label': user.fullName }),
        }}
        bulkActions={<UsersBulkActions selected={selected} onDone={() => setSelected([])} />}
        views={['table', 'directory']}
        view={view}
        onViewChange={setView}
        directory={
          <DirectoryView<TUser>
            items={directoryItems}
            rowKey={(user) => user._id}
            renderCard={(user) => <UserCard user={user} isSelf={user._id === meId} handlers={handlers} />}
            loading={directory.isPending}
            loadingMore={directory.isFetchingNextPage}
            hasMore={Boolean(directory.hasNextPage)}
            error={directory.error}
            onRetry={() => void directory.refetch()}
            onLoadMore={() => void directory.fetchNextPage()}
          />
        }
      />
      {dialogs}
    </>
  );
}
