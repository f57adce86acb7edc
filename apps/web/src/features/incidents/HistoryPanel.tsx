import { Empty, Skeleton, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../ui/PageStates';
import { useHistory, type THistory } from './incidentsApi';

/** What changed, in words: a status's name, a comment's text. */
function detail(t: TFunction, entry: THistory) {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  if (typeof after.status === 'string') {
    const key = entry.kind === 'statusChanged' ? `incidents.status.${after.status}` : `incidents.taskStatus.${after.status}`;
    return t(key, { defaultValue: after.status });
  }
  if (typeof after.text === 'string') return after.text;
  if (typeof before.text === 'string') return before.text;
  if (typeof after.name === 'string') return after.name;
  if (typeof after.priority === 'string') return t(`incidents.priority.${after.priority}`);
  return '';
}

/** Every change of the incident and its actions, newest first, with who and when. */
export function HistoryPanel({ incidentId, active }: { incidentId: string; active: boolean }) {
  const { t } = useTranslation();
  const history = useHistory(incidentId, active);
  if (history.isPending) return <Skeleton active />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (!history.data.length) return <Empty />;
  return (
    <Timeline
      data-testid="incident-history"
      items={history.data.map((entry) => ({
        key: entry._id,
        children: (
          <>
            <Typography.Text strong>{t(`incidents.history.${entry.kind}`)}</Typography.Text>
            {detail(t, entry) && <Typography.Text> · {detail(t, entry)}</Typography.Text>}
            <div style={{ fontSize: 12, color: '#8a969e' }}>
              {[entry.by?.name ?? t('incidents.history.bySystem'), dayjs(entry.at).format('DD-MM-YYYY HH:mm')].filter(Boolean).join(' · ')}
            </div>
          </>
        ),
      }))}
    />
  );
}
