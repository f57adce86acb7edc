import { FolderOpenOutlined } from '@ant-design/icons';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const page = () => import('./DocumentsPage').then((m) => m.DocumentsPage);

/**
 * Documents (decision 0088): /documentation (replacing the shell's placeholder of the same key)
 * and the client page's Documents tab, both behind GOOGLE_DRIVE_VIEW.
 */
export const documentsManifest: TFeatureManifest = {
  id: 'documents',
  routes: () => [{ path: '/documentation', ...screen(page) }],
  menu: [{ key: 'documentation', icon: <FolderOpenOutlined />, path: '/documentation', audience: 'client', permissions: ['GOOGLE_DRIVE_VIEW'], order: 70 }],
  clientTabs: [
    {
      key: 'documents',
      labelKey: 'documents.tab',
      order: 30,
      permissions: ['GOOGLE_DRIVE_VIEW'],
      spaceTypes: ['STRUCTURE', 'ESTABLISHMENT'],
      load: () => import('./ClientDocumentsTab').then((m) => m.ClientDocumentsTab),
    },
  ],
};
