import { ScheduleOutlined } from '@ant-design/icons';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const page = () => import('./VisitPlansPage').then((m) => m.VisitPlansPage);

/**
 * The visit plan (decision 0089): /visit-plans, beside the contracts in the menu and behind the same
 * CONTRACT:READ. Its hired/planned/done panel shows above the calendar too (calendarPanels).
 */
export const visitPlansManifest: TFeatureManifest = {
  id: 'visit-plans',
  routes: () => [{ path: '/visit-plans', ...screen(page) }],
  menu: [{ key: 'visitPlans', icon: <ScheduleOutlined />, path: '/visit-plans', audience: 'any', permissions: ['CONTRACT:READ'], order: 176 }],
  // Hired vs planned vs done above the calendar, for the year it shows (and its client, if filtered).
  calendarPanels: [{ key: 'visitPlan', order: 10, permissions: ['CONTRACT:READ'], load: () => import('./VisitPlanPanel').then((m) => m.CalendarPlanPanel) }],
};
