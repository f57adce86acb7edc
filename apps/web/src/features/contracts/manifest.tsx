import { FileProtectOutlined } from '@ant-design/icons';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const page = () => import('./ContractsPage').then((m) => m.ContractsPage);

/**
 * Service contracts (decision 0083): the list at /contracts (a contract opens with ?contract=id)
 * and the client page's Contracts tab, both behind CONTRACT:READ.
 */
export const contractsManifest: TFeatureManifest = {
  id: 'contracts',
  routes: () => [{ path: '/contracts', ...screen(page) }],
  menu: [{ key: 'contracts', icon: <FileProtectOutlined />, path: '/contracts', audience: 'any', permissions: ['CONTRACT:READ'], order: 175 }],
  clientTabs: [
    {
      key: 'contracts',
      labelKey: 'contracts.tab',
      order: 10,
      permissions: ['CONTRACT:READ'],
      spaceTypes: ['STRUCTURE'],
      load: () => import('./ClientContractsTab').then((m) => m.ClientContractsTab),
    },
  ],
};
