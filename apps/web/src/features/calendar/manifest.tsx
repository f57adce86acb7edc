import { CalendarOutlined } from '@ant-design/icons';
import type { QueryClient } from '@tanstack/react-query';
import { screen, type TFeatureManifest } from '../../manifest/manifest';
import { isSignedIn } from '../../session/storage';
import { isPhoneNow } from '../../ui/useViewport';

const page = () => import('./CalendarPage').then((m) => m.CalendarPage);
/** The opening visits are asked for as the navigation starts (calendarApi.ts prefetchOpeningVisits); never waited for. */
const prefetch = (queryClient: QueryClient) => () => {
  if (isSignedIn()) void import('./calendarApi').then((m) => m.prefetchOpeningVisits(queryClient, isPhoneNow())).catch(() => undefined);
  return null;
};

/**
 * The visits calendar (decision 0087): /calendar (the shell's announced entry, same key) and the
 * client page's Calendar tab, both behind AUDIT:READ; /calendar for auditors and for the office
 * that plans audits.
 */
export const calendarManifest: TFeatureManifest = {
  id: 'calendar',
  routes: ({ queryClient }) => [{ path: '/calendar', ...screen(page), loader: prefetch(queryClient) }],
  // Auditors see their visits; the office that plans audits (AUDIT:CREATE: administrators pass) sees
  // everyone's, with the visit plan's panel above (issue 26: the administrator had "Acceso restringido").
  menu: [
    { key: 'calendar', icon: <CalendarOutlined />, path: '/calendar', audience: 'auditor', alsoFor: ['AUDIT:CREATE'], permissions: ['AUDIT:READ'], order: 110 },
  ],
  clientTabs: [
    {
      key: 'calendar',
      labelKey: 'calendar.tab',
      order: 60,
      permissions: ['AUDIT:READ'],
      spaceTypes: ['STRUCTURE'],
      load: () => import('./ClientCalendarTab').then((m) => m.ClientCalendarTab),
    },
  ],
};
