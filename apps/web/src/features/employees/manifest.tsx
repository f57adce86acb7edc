import { IdcardOutlined } from '@ant-design/icons';
import { Navigate } from 'react-router-dom';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const list = () => import('./EmployeesListPage').then((m) => m.EmployeesListPage);
const form = () => import('./EmployeeFormPage').then((m) => m.EmployeeFormPage);

/** The audit company's employees at /employees (decision 0084): the list, the form for create and edit. */
export const employeesManifest: TFeatureManifest = {
  id: 'employees',
  routes: () => [
    { path: '/employees', ...screen(list) },
    { path: '/employees/create', ...screen(form) },
    // The breadcrumb's middle segment: an employee opens on its form.
    { path: '/employees/:id', element: <Navigate to="edit" replace /> },
    { path: '/employees/:id/edit', ...screen(form) },
  ],
  // The company's people are an administrator's: WORKER:READ (product document section 6, module WORKER).
  menu: [{ key: 'employees', icon: <IdcardOutlined />, path: '/employees', audience: 'admin', permissions: ['WORKER:READ'], order: 165 }],
};
