import { Empty, Skeleton, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { UseQueryResult } from '@tanstack/react-query';
import type { THistoryOut } from '@audit/domain/incidents';
import { ErrorState } from './PageStates';

interface TProps {
  history: UseQueryResult<THistoryOut[]>;
  testId: string;
  /** The kind of change, in words ("Status changed"). */
  kindLabel: (entry: THistoryOut) => string;
  /** What changed, in words (a status's name, a comment's text), or ''. */
  detail: (entry: THistoryOut) => string;
  /** Who, when nobody did it (an automatic move). */
  bySystem: string;
}

/** A history (the incidents' and the lab incidents'): newest first, each change with who and when. */
export function HistoryTimeline({ history, testId, kindLabel, detail, bySystem }: TProps) {
  if (history.isPending) return <Skeleton active />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (!history.data.length) return <Empty />;
  return (
    <Timeline
      data-testid={testId}
      items={history.data.map((entry) => ({
        key: entry._id,
        children: (
          <>
            <Typography.Text strong>{kindLabel(entry)}</Typography.Text>
            {detail(entry) && <Typography.Text> · {detail(entry)}</Typography.Text>}
            <div style={{ fontSize: 12, color: '#8a969e' }}>
              {[entry.by?.name ?? bySystem, dayjs(entry.at).format('DD-MM-YYYY HH:mm')].filter(Boolean).join(' · ')}
            </div>
          </>
        ),
      }))}
    />
  );
}
