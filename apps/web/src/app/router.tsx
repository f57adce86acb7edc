import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { prefetchAuditRun } from '../features/audit-run/auditRunApi';
import { LoginPage } from '../features/auth/LoginPage';
import { ClientFormPage } from '../features/clients/ClientFormPage';
import { ClientPage } from '../features/clients/ClientPage';
import { ClientsListPage } from '../features/clients/ClientsListPage';
import { NomenclaturesPage } from '../features/nomenclatures/NomenclaturesPage';
import { RecoverPasswordPage } from '../features/auth/RecoverPasswordPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ChangeSpacePage } from '../features/spaces/ChangeSpacePage';
import { ImpersonatePage } from '../features/spaces/ImpersonatePage';
import { TemplateEditorPage } from '../features/templates/TemplateEditorPage';
import { TemplatesListPage } from '../features/templates/TemplatesListPage';
import { UserDetailPage } from '../features/users/UserDetailPage';
import { UserFormPage } from '../features/users/UserFormPage';
import { UsersListPage } from '../features/users/UsersListPage';
import { HomeRoute, SectionComingSoon } from './HomeRoute';
import { queryClient } from './queryClient';
import { menuLeaves } from './menu';
import { HomeRedirect, RequireAuth } from './RequireAuth';
import { AppShell } from './shell/AppShell';

/** Lazy audit screens (the wizard and the report load only when opened). */
const auditsList = (kind: 'auditor' | 'client') => async () => {
  const { AuditsListPage } = await import('../features/audits/AuditsListPage');
  return { element: <AuditsListPage kind={kind} /> };
};
const auditReport = (backTo: string) => async () => {
  const { AuditReportPage } = await import('../features/audit-report/AuditReportPage');
  return { element: <AuditReportPage backTo={backTo} /> };
};

/** Screens that exist; every other menu entry renders the shared "coming soon" state in the shell. */
const screens: RouteObject[] = [
  { path: '/home/auditor', element: <HomeRoute kind="auditor" /> },
  { path: '/home/client', element: <HomeRoute kind="client" /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/admin/users', element: <UsersListPage /> },
  { path: '/admin/users/create', element: <UserFormPage /> },
  { path: '/admin/users/:id', element: <Navigate to="personal" replace /> },
  { path: '/admin/users/:id/personal', element: <UserDetailPage /> },
  { path: '/admin/users/:id/edit', element: <UserFormPage /> },
  { path: '/templates', element: <TemplatesListPage /> },
  { path: '/templates/:id', element: <TemplateEditorPage /> },
  // Clients
  { path: '/clients', element: <ClientsListPage view="table" /> },
  { path: '/clients/tree-list', element: <ClientsListPage view="tree" /> },
  { path: '/clients/directory-list', element: <ClientsListPage view="directory" /> },
  { path: '/clients/create', element: <ClientFormPage /> },
  { path: '/clients/:id', element: <Navigate to="general" replace /> },
  { path: '/clients/:id/edit', element: <ClientFormPage /> },
  { path: '/clients/:id/:tab', element: <ClientPage /> },
  // Nomenclatures
  { path: '/settings/nomenclatures', element: <Navigate to="/settings/nomenclatures/area-type" replace /> },
  { path: '/settings/nomenclatures/:kind', element: <NomenclaturesPage /> },
  { path: '/settings/services', element: <NomenclaturesPage /> },
  // Audit run view, loaded on demand (features/audit-run)
  {
    path: '/auditor/audits/run/:auditId',
    loader: ({ params }) => prefetchAuditRun(queryClient, params.auditId ?? ''),
    lazy: () => import('../features/audit-run/AuditRunPage').then((m) => ({ Component: m.AuditRunPage })),
  },
  // Audits (lazy: the lists, the wizard and the report load only when opened)
  { path: '/auditor/audits', lazy: auditsList('auditor') },
  { path: '/client-audits/audits', lazy: auditsList('client') },
  { path: '/auditor/audits/report/:id', lazy: auditReport('/auditor/audits') },
  { path: '/client-audits/audits/report/:id', lazy: auditReport('/client-audits/audits') },
];

const withScreen = new Set(screens.map((route) => route.path));
const comingSoon: RouteObject[] = menuLeaves()
  .filter((entry) => !withScreen.has(entry.path))
  .map((entry) => ({ path: entry.path, element: <SectionComingSoon menuKey={entry.key} /> }));

const shellChildren: RouteObject[] = [...screens, ...comingSoon, { path: '*', element: <HomeRedirect /> }];

/** Whether a path is a screen of the shell (breadcrumb links), not the catch-all. */
export function isScreenPath(path: string): boolean {
  const matches = matchRoutes(shellChildren, path);
  return Boolean(matches?.length && matches[matches.length - 1]!.route.path !== '*');
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/recover-password', element: <RecoverPasswordPage /> },
  { path: '/impersonate', element: <ImpersonatePage /> },
  { path: '/change-space', element: <ChangeSpacePage /> },
  // The shared audit report: no shell, no sign-in.
  { path: '/share-audit-report/:auditId', lazy: async () => ({ Component: (await import('../features/audit-report/PublicAuditReportPage')).PublicAuditReportPage }) },
  {
    element: <RequireAuth>{(me) => <AppShell me={me} linkable={isScreenPath} />}</RequireAuth>,
    children: shellChildren,
  },
]);
