import { screen, type TFeatureManifest } from '../../manifest/manifest';

/**
 * Sign-in and every other way in (decision 0040): recovery, sign-up and confirmation, invitations,
 * access requests; Google sign-in (decision 0046). Pages without the shell; sign-in's texts are in the shared i18n files, the rest here.
 */
export const authManifest: TFeatureManifest = {
  id: 'auth',
  pagesWithoutToasts: true,
  pages: () => [
    { path: '/login', ...screen(() => import('./LoginPage').then((m) => m.LoginPage)) },
    { path: '/login/google', ...screen(() => import('./GooglePage').then((m) => m.GooglePage)) },
    { path: '/recover-password', ...screen(() => import('./RecoverPasswordPage').then((m) => m.RecoverPasswordPage)) },
    { path: '/recover-password/reset', ...screen(() => import('./ResetPasswordPage').then((m) => m.ResetPasswordPage)) },
    { path: '/signup', ...screen(() => import('./SignupPage').then((m) => m.SignupPage)) },
    { path: '/confirm', ...screen(() => import('./ConfirmPage').then((m) => m.ConfirmPage)) },
    { path: '/confirm/resend', ...screen(() => import('./ResendPage').then((m) => m.ResendPage)) },
    { path: '/invitation', ...screen(() => import('./InvitationPage').then((m) => m.InvitationPage)) },
    { path: '/access-request', ...screen(() => import('./AccessRequestPage').then((m) => m.AccessRequestPage)) },
    { path: '/access-requests/process', ...screen(() => import('./ProcessAccessPage').then((m) => m.ProcessAccessPage)) },
  ],
};
