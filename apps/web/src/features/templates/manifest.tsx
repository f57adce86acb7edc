import { screen, type TFeatureManifest } from '../../app/manifest';

/** Audit templates: the list and the editor. */
export const templatesManifest: TFeatureManifest = {
  id: 'templates',
  routes: () => [
    { path: '/templates', ...screen(() => import('./TemplatesListPage').then((m) => m.TemplatesListPage)) },
    { path: '/templates/:id', ...screen(() => import('./TemplateEditorPage').then((m) => m.TemplateEditorPage)) },
  ],
  menu: [{ key: 'templates', path: '/templates', audience: 'any', permissions: ['TEMPLATES:READ'], order: 160 }],
};
