import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPage } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { useMe, userCan } from '../../session/me';
import { employeeColumns } from './employeeColumns';
import { countFilters, EmployeeFilters } from './EmployeeFilters';
import { useEmployeesList, useRemoveEmployee, type TEmployee, type TEmployeeFilters } from './employeesApi';

/** /employees: the audit company's employees, paged on the server (decision 0084). */
export function EmployeesListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useListState<TEmployeeFilters>({ sort: '-createdAt' });
  const list = useEmployeesList(state.query);
  const remove = useRemoveEmployee();
  const [removing, setRemoving] = useState<TEmployee | null>(null);
  const canCreate = userCan(useMe().data, 'WORKER:CREATE');
  return (
    <>
      <ListPage<TEmployee>
        title={t('employees.title')}
        settingsKey="table.employees"
        defaultHidden={['areaAccess', 'birthday']}
        columns={employeeColumns(t, setRemoving)}
        rowKey={(e) => e._id}
        {...listQueryProps<TEmployee>(list)}
        {...state.paging}
        emptyText={t('employees.empty')}
        activeFilters={countFilters(state.filters)}
        renderFilters={(close) => (
          <EmployeeFilters
            value={state.filters}
            onApply={(next) => {
              state.applyFilters(next);
              close();
            }}
          />
        )}
        onAdd={canCreate ? () => navigate('/employees/create') : undefined}
        addLabel={t('employees.add')}
        onRowClick={(e) => e.can.update && navigate(`/employees/${e._id}/edit`)}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('employees.removeTitle', { name: removing?.fullName ?? '' })}
        content={t('common.deleteQuestion')}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!._id, { onSuccess: () => setRemoving(null), onError: () => setRemoving(null) })}
      />
    </>
  );
}
