import { CheckCircleFilled, ClockCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TVisit } from './calendarApi';

/**
 * How a visit looks: planned (draft, accepted), in progress (running) and done (finished) differ by
 * icon and border style, not only by colour.
 */
export type TVisitKind = 'planned' | 'running' | 'done';
export const VISIT_KINDS: TVisitKind[] = ['planned', 'running', 'done'];
export const kindOf = (status: TVisit['status']): TVisitKind => (status === 'finished' ? 'done' : status === 'running' ? 'running' : 'planned');

export function VisitIcon({ kind }: { kind: TVisitKind }) {
  if (kind === 'done') return <CheckCircleFilled aria-hidden />;
  if (kind === 'running') return <PlayCircleOutlined aria-hidden />;
  return <ClockCircleOutlined aria-hidden />;
}
