import { FileTextOutlined } from '@ant-design/icons';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** Audit templates: the list, the editor, and the incident templates found across them. */
export const templatesManifest: TFeatureManifest = {
  id: 'templates',
  routes: () => [
    { path: '/templates', ...screen(() => import('./TemplatesListPage').then((m) => m.TemplatesListPage)) },
    { path: '/templates/list/incidents', ...screen(() => import('./IncidentTemplatesPage').then((m) => m.IncidentTemplatesPage)) },
    { path: '/templates/:id', ...screen(() => import('./TemplateEditorPage').then((m) => m.TemplateEditorPage)) },
  ],
  menu: [{ key: 'templates', icon: <FileTextOutlined />, path: '/templates', audience: 'any', permissions: ['TEMPLATES:READ'], order: 160 }],
};
