import { screen, type TFeatureManifest } from '../../app/manifest';

/** Sign-in and password recovery: pages without the shell (texts in the shared i18n files). */
export const authManifest: TFeatureManifest = {
  id: 'auth',
  pages: () => [
    { path: '/login', ...screen(() => import('./LoginPage').then((m) => m.LoginPage)) },
    { path: '/recover-password', ...screen(() => import('./RecoverPasswordPage').then((m) => m.RecoverPasswordPage)) },
  ],
};
