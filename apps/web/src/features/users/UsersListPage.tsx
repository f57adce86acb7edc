import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DirectoryView } from '../../ui/DirectoryView';
import { ListPage, type TListView } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { useViewport } from '../../ui/useViewport';
import { userColumns } from './userColumns';
import { UserCard } from './UserCard';
import { countFilters, UserFilters } from './UserFilters';
import { useUsersDirectory, useUsersList, type TUser, type TUserFilters } from './usersApi';
import { UsersBulkActions } from './UsersBulkActions';
import { useUserActions } from './useUserActions';
import { useTimeZone } from '../../session/timeZone';

/** /admin/users: the users of the current space, paged on the server. */
export function UsersListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  // Cards read better than a scrolled table on a phone.
  const [view, setView] = useState<TListView>(isMobile ? 'directory' : 'table');
  const [selected, setSelected] = useState<string[]>([]);
  // A new search or new filters may hide selected rows: the selection starts again.
  const state = useListState<TUserFilters>({ sort: '-createdAt' }, () => setSelected([]));
  const { search, sort, filters } = state.query;
  const list = useUsersList(state.query);
  const directory = useUsersDirectory({ search, sort, filters }, view === 'directory');
  const { handlers, dialogs } = useUserActions();
  const timeZone = useTimeZone();
  const columns = userColumns(t, handlers, timeZone);

  const directoryItems = directory.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <ListPage<TUser>
        title={t('users.title')}
        settingsKey="table.adminUsers"
        defaultHidden={['phone']}
        columns={columns}
        rowKey={(user) => user._id}
        {...listQueryProps(list)}
        {...state.paging}
        activeFilters={countFilters(filters)}
        renderFilters={(close) => (
          <UserFilters
            value={filters}
            onApply={(next) => {
              state.applyFilters(next);
              close();
            }}
          />
        )}
        onAdd={() => navigate('/admin/users/create')}
        addLabel={t('users.add')}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (user) => ({ disabled: !user.can.changeStatus && !user.can.delete, 'aria-label': user.fullName }),
        }}
        bulkActions={<UsersBulkActions selected={selected} onDone={() => setSelected([])} />}
        views={['table', 'directory']}
        view={view}
        onViewChange={setView}
        directory={
          <DirectoryView<TUser>
            items={directoryItems}
            rowKey={(user) => user._id}
            renderCard={(user) => <UserCard user={user} handlers={handlers} />}
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
