import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** /tasks: the corrective actions of the caller's scope (reached from the incidents lists and the detail). */
export const tasksManifest: TFeatureManifest = {
  id: 'tasks',
  routes: () => [{ path: '/tasks', ...screen(() => import('./TasksPage').then((m) => m.TasksPage)) }],
};
