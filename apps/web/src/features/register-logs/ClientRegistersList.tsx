import type { ReactNode } from 'react';
import { List, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TRegisterOut } from '@audit/domain/registers';
import { registerCalls } from '@audit/domain/calls/registers';
import { send } from '../../api/send';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { usePending } from './logsApi';
import { logPath, REGISTER_LOGS_QUERY_KEY } from './offline/registerResource';

const STATUS_COLORS = { pending: 'orange', completed: 'green', closed: 'default' } as const;

/**
 * A client's registers, each with its status and pending takes, its name opening its log sheet:
 * the page /registers/client/:id and the client page's "Registros" tab.
 */
export function ClientRegistersList({ clientId, header }: { clientId: string; header?: (registers: TRegisterOut[]) => ReactNode }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: [...REGISTER_LOGS_QUERY_KEY, 'client', clientId],
    queryFn: () => send(registerCalls.ofClient, { params: { id: clientId } }),
  });
  const pending = usePending();
  const pendingOf = new Map((pending.data ?? []).map((p) => [p._id, p.pending]));
  if (list.isPending) return <PageSkeleton />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <List
      header={header?.(list.data)}
      locale={{ emptyText: t('registerLogs.empty.client') }}
      dataSource={list.data}
      data-testid="client-registers"
      renderItem={(r) => (
        <List.Item
          extra={
            <Tag color={STATUS_COLORS[r.status]}>
              {t(`registers.status.${r.status}`)}
              {(pendingOf.get(r._id) ?? 0) > 0 ? ` · ${t('registerLogs.pendingTakes', { count: pendingOf.get(r._id) })}` : ''}
            </Tag>
          }
        >
          <List.Item.Meta
            title={<Link to={logPath(r._id)}>{r.name}</Link>}
            description={`${t(`registers.areaAccess.${r.areaAccess}`)} · ${t(`registers.frequency.${r.frequency}`)}`}
          />
        </List.Item>
      )}
    />
  );
}
