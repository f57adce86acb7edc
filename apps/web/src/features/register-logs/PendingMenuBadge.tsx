import { Badge } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registerCalls } from '@audit/domain/calls/registers';
import { send } from '../../api/send';

/** Query key of `pending/check-all` (under the feature's key, so a save's invalidation reaches it). */
export const PENDING_ALL_QUERY_KEY = ['register-logs', 'pending-all'] as const;
const AREA_OF_KEY: Record<string, string> = {
  registersKitchen: 'KITCHEN',
  registersPool: 'POOL',
  registersLegionella: 'LEGIONELLA',
  registersOthers: 'OTHERS',
};

/**
 * The sidebar's count of registers with pending takes (`pending/check-all`): an area's entry shows
 * that area's, a group or the inspection entry all of them. The manifest loads it on demand.
 */
export function PendingMenuBadge({ menuKey }: { menuKey: string }) {
  const { t } = useTranslation();
  const pending = useQuery({
    queryKey: PENDING_ALL_QUERY_KEY,
    queryFn: () => send(registerCalls.checkAllPending),
    staleTime: 60_000,
  });
  const area = AREA_OF_KEY[menuKey];
  const count = (area ? pending.data?.byArea[area] : pending.data?.total) ?? 0;
  if (!count) return null;
  return <Badge count={count} size="small" title={t('registerLogs.pendingRegisters', { count })} data-testid={`menu-pending-${menuKey}`} />;
}
