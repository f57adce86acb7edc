import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HistoryTimeline } from '../../ui/HistoryTimeline';
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
  return (
    <HistoryTimeline
      history={useHistory(incidentId, active)}
      testId="incident-history"
      kindLabel={(entry) => t(`incidents.history.${entry.kind}`)}
      detail={(entry) => detail(t, entry)}
      bySystem={t('incidents.history.bySystem')}
    />
  );
}
