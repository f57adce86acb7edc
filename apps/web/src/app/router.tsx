import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { RecoverPasswordPage } from '../features/auth/RecoverPasswordPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ChangeSpacePage } from '../features/spaces/ChangeSpacePage';
import { ImpersonatePage } from '../features/spaces/ImpersonatePage';
import { UserDetailPage } from '../features/users/UserDetailPage';
import { UserFormPage } from '../features/users/UserFormPage';
import { UsersListPage } from '../features/users/UsersListPage';
import { HomeRoute, SectionComingSoon } from './HomeRoute';
import { menuLeaves } from './menu';
import { HomeRedirect, RequireAuth } from './RequireAuth';
import { AppShell } from './shell/AppShell';

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
  {
    element: <RequireAuth>{(me) => <AppShell me={me} linkable={isScreenPath} />}</RequireAuth>,
    children: shellChildren,
  },
]);
