import { Button, Dropdown, Tag, Typography, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { DAY_FORMAT } from '@audit/domain/dates';
import type { TListColumn } from '../../ui/ListPage';
import type { TEmployee } from './employeesApi';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const names = (refs: { name: string }[]) => (refs.length ? refs.map((r) => r.name).join(', ') : none);

export function EmployeeStatusTag({ status, t }: { status: TEmployee['status']; t: TFunction }) {
  return <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{t(`employees.status.${status}`)}</Tag>;
}

/** Row actions: edit and delete, as the employee's `can` allows. */
function EmployeeRowActions({ employee, t, onRemove }: { employee: TEmployee; t: TFunction; onRemove: (e: TEmployee) => void }) {
  const items: MenuProps['items'] = [
    { key: 'edit', icon: <EditOutlined />, label: <Link to={`/employees/${employee._id}/edit`}>{t('common.edit')}</Link>, disabled: !employee.can.update },
    { type: 'divider' },
    { key: 'remove', icon: <DeleteOutlined />, label: t('common.delete'), danger: true, disabled: !employee.can.delete },
  ];
  // The menu's clicks and keys bubble through React's tree to the row (which opens the form): stopped here.
  return (
    <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Dropdown menu={{ items, onClick: ({ key }) => key === 'remove' && onRemove(employee) }} trigger={['click']} placement="bottomRight">
        <Button type="text" icon={<MoreOutlined />} aria-label={t('employees.actions', { name: employee.fullName })} data-testid="row-actions" />
      </Dropdown>
    </span>
  );
}

/** Columns of /employees: name, DNI/NIE, status, profile, occupation, user account, clients, areas, birth date, actions. */
export function employeeColumns(t: TFunction, onRemove: (e: TEmployee) => void): TListColumn<TEmployee>[] {
  return [
    {
      key: 'fullName',
      title: t('employees.fields.name'),
      locked: true,
      sorter: true,
      minWidth: 180,
      render: (_, e) => (
        <Link to={`/employees/${e._id}/edit`} onClick={(event) => event.stopPropagation()}>
          <Typography.Text strong style={{ color: 'inherit' }}>
            {e.fullName}
          </Typography.Text>
        </Link>
      ),
    },
    { key: 'dni', title: t('employees.fields.dni'), dataIndex: 'dni', sorter: true, render: (dni: string, e) => `${dni} (${e.dniKind})` },
    {
      key: 'status',
      title: t('employees.fields.status'),
      dataIndex: 'status',
      sorter: true,
      render: (s: TEmployee['status']) => <EmployeeStatusTag status={s} t={t} />,
    },
    { key: 'workerProfile', title: t('employees.fields.workerProfile'), render: (_, e) => e.workerProfile?.name ?? none },
    { key: 'occupation', title: t('employees.fields.occupation'), render: (_, e) => e.occupation?.name ?? none },
    { key: 'user', title: t('employees.fields.user'), render: (_, e) => (e.user ? `${e.user.name} · ${e.user.email}` : none) },
    { key: 'clientAccess', title: t('employees.fields.clientAccess'), minWidth: 140, render: (_, e) => names(e.clientAccess) },
    { key: 'areaAccess', title: t('employees.fields.areaAccess'), minWidth: 140, render: (_, e) => names(e.areaAccess) },
    { key: 'birthday', title: t('employees.fields.birthday'), dataIndex: 'birthday', sorter: true, render: (d: string) => dayjs(d).format(DAY_FORMAT) },
    {
      key: 'actions',
      title: t('employees.fields.actions'),
      locked: true,
      align: 'right',
      fixed: 'right',
      width: 72,
      render: (_, e) => <EmployeeRowActions employee={e} t={t} onRemove={onRemove} />,
    },
  ];
}
