import { Alert, Flex } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TIncidentLink } from '@audit/domain/incidents';
import type { TIncidentFull } from './incidentsApi';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD-MM-YYYY HH:mm') : '—');

const LinkTo = ({ incident, testId }: { incident: TIncidentLink; testId: string }) => (
  <Link to={`/incidents/${incident._id}`} data-testid={testId}>
    {incident.name} ({dayjs(incident.openDate).format('DD-MM-YYYY')})
  </Link>
);

/**
 * The lines of decision 0063 on the detail: by which reopen (or newer audit, or hand) this incident
 * was superseded, when and by whom, and which incident took its place; or which ones it took the place of.
 * A copy kept offline before these fields existed shows nothing.
 */
export function SupersededNotice({ incident }: { incident: TIncidentFull }) {
  const { t } = useTranslation();
  const superseded = incident.superseded;
  const supersedes = incident.supersedes ?? [];
  return (
    <Flex vertical gap={8} style={{ marginBottom: superseded || supersedes.length ? 12 : 0 }}>
      {superseded && (
        <Alert
          type="warning"
          showIcon
          data-testid="incident-superseded"
          message={t(`incidents.superseded.${superseded.reason ?? 'manual'}`, {
            date: when(superseded.at),
            name: superseded.by?.name || t('incidents.superseded.someone'),
          })}
          description={
            <Flex vertical gap={4}>
              <span>{t('incidents.superseded.readOnly')}</span>
              {superseded.incident ? (
                <span>
                  {t('incidents.superseded.replacedBy')} <LinkTo incident={superseded.incident} testId="incident-superseded-by" />
                </span>
              ) : (
                superseded.reason === 'reopen' && <span>{t('incidents.superseded.notYetReplaced')}</span>
              )}
            </Flex>
          }
        />
      )}
      {supersedes.length > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="incident-supersedes"
          message={
            <span>
              {t('incidents.superseded.replaces', { count: supersedes.length })}{' '}
              {supersedes.map((s, index) => (
                <span key={s._id}>
                  {index > 0 && ', '}
                  <LinkTo incident={s} testId="incident-supersedes-link" />
                </span>
              ))}
            </span>
          }
        />
      )}
    </Flex>
  );
}
