import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** Impersonation and the change of space: pages without the shell (the header's space selector is the shell's). */
export const spacesManifest: TFeatureManifest = {
  id: 'spaces',
  pages: () => [
    { path: '/impersonate', ...screen(() => import('./ImpersonatePage').then((m) => m.ImpersonatePage)) },
    { path: '/change-space', ...screen(() => import('./ChangeSpacePage').then((m) => m.ChangeSpacePage)) },
  ],
};
