import { ExperimentOutlined } from '@ant-design/icons';
import { screen, type TFeatureManifest } from '../../manifest/manifest';
import { LAB_CATEGORIES, type TLabCategory } from '@audit/domain/lab-data-categories';
import type { TLabView } from './LabReportsPage';

const page = (category: TLabCategory, view: TLabView) => screen(() => import('./LabReportsPage').then((m) => m.LabReportsPage), { category, view });

/**
 * Lab data (decision 0044): the reports of each category with their create, detail and edit drawers
 * and the CSV import; the lab incidents under /incidents/list/lab-data (a fixed path, so it wins over
 * the incidents feature's /incidents/list/:kind). The sidebar's group and its four children follow
 * LAB_DATA_VIEW and the user's labDataAccess.
 */
export const labDataManifest: TFeatureManifest = {
  id: 'lab-data',
  // A login limited to some lab data areas (users/me labDataAccess) sees only those areas' entries.
  accessLists: { labData: (user) => (user as { labDataAccess?: string[] | null }).labDataAccess },
  routes: () => [
    // One set per category: each menu entry's path is a screen of its own (not the shell's "coming soon").
    ...LAB_CATEGORIES.flatMap((category) => [
      { path: `/lab-data/${category}`, ...page(category, 'list') },
      { path: `/lab-data/${category}/create`, ...page(category, 'create') },
      { path: `/lab-data/${category}/:id`, ...page(category, 'detail') },
      { path: `/lab-data/${category}/:id/edit`, ...page(category, 'edit') },
    ]),
    { path: '/incidents/list/lab-data', ...screen(() => import('./LabIncidentsPage').then((m) => m.LabIncidentsPage)) },
    // One lab incident with its history, a drawer over the list (decision 0058).
    { path: '/incidents/list/lab-data/:id', ...screen(() => import('./LabIncidentsPage').then((m) => m.LabIncidentsPage)) },
  ],
  menu: [
    { key: 'labData', icon: <ExperimentOutlined />, audience: 'client', permissions: ['LAB_DATA_VIEW'], order: 50 },
    { key: 'labDataFood', path: '/lab-data/food', audience: 'client', access: { list: 'labData', value: 'labDataFood' }, parent: 'labData', order: 10 },
    { key: 'labDataPool', path: '/lab-data/pool', audience: 'client', access: { list: 'labData', value: 'labDataPool' }, parent: 'labData', order: 20 },
    {
      key: 'labDataLegionella',
      path: '/lab-data/legionella',
      audience: 'client',
      access: { list: 'labData', value: 'labDataLegionella' },
      parent: 'labData',
      order: 30,
    },
    { key: 'labDataOthers', path: '/lab-data/others', audience: 'client', access: { list: 'labData', value: 'labDataOthers' }, parent: 'labData', order: 40 },
    // The lab incidents (decision 0053): the laboratory role holds no ISSUE:READ, so the incidents entry never shows it.
    { key: 'labDataIncidents', path: '/incidents/list/lab-data', audience: 'client', permissions: ['LAB_DATA_ISSUES_VIEW'], parent: 'labData', order: 50 },
  ],
};
