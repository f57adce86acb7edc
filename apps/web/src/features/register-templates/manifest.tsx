import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** Register templates (decision 0031, 0035): the list in order and the editor of sections, fields and params. */
export const registerTemplatesManifest: TFeatureManifest = {
  id: 'register-templates',
  routes: () => [
    { path: '/templates/registers', ...screen(() => import('./RegisterTemplatesListPage').then((m) => m.RegisterTemplatesListPage)) },
    {
      path: '/templates/manage/register-type/:id',
      ...screen(() => import('./RegisterTemplateEditorPage').then((m) => m.RegisterTemplateEditorPage)),
    },
  ],
  menu: [
    {
      key: 'registerTemplates',
      path: '/templates/registers',
      audience: 'auditor',
      alsoFor: ['TEMPLATES:CREATE'],
      permissions: ['TEMPLATES:READ'],
      parent: 'registers',
      order: 30,
    },
  ],
};
