import { List, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { TRegisterOut } from '@audit/domain/registers';
import { request } from '../../api/client';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { usePending } from './logsApi';
import { logPath, REGISTER_LOGS_QUERY_KEY, REGISTERS_BASE } from './offline/registerResource';

const STATUS_COLORS = { pending: 'orange', completed: 'green', closed: 'default' } as const;

/** /registers/client/:id: a client's registers (the client page's registers tab), each with its status and pending takes, opening its log. */
export function ClientRegistersPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: [...REGISTER_LOGS_QUERY_KEY, 'client', id],
    queryFn: () => request<TRegisterOut[]>(`${REGISTERS_BASE}/client/${id}`),
  });
  const pending = usePending();
  const pendingOf = new Map((pending.data ?? []).map((p) => [p._id, p.pending]));
  if (list.isPending) return <PageSkeleton />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <List
      header={<Typography.Title level={3}>{t('registerLogs.clientTitle', { client: list.data[0]?.client.name ?? '' })}</Typography.Title>}
      locale={{ emptyText: t('registerLogs.empty.client') }}
      dataSource={list.data}
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
