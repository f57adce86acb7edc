import { Link } from 'react-router-dom';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatStoredDay } from '@audit/domain/dates';
import { elapsedDays, type TIssueActions } from './correctiveActions';

const STATUS_COLOR = { toDo: 'default', running: 'processing', complete: 'success' } as const;

/**
 * An issue's incident and its corrective actions, each with its status and its age: open for N
 * days (overdue in red), or closed in N days; the incident's page is where one acts on them.
 */
export function IssueActions({ linked }: { linked: TIssueActions | null }) {
  const { t } = useTranslation();
  if (!linked) return null;
  const now = new Date();
  return (
    <div className="report-actions" data-testid="report-actions">
      <Flex gap={8} align="baseline" wrap>
        <Typography.Text type="secondary">{t('report.actions.title')}</Typography.Text>
        <Link to={`/incidents/${linked.incidentId}`}>{t('report.actions.open')}</Link>
      </Flex>
      {linked.actions.length === 0 ? (
        <Typography.Text type="secondary">{t('report.actions.none')}</Typography.Text>
      ) : (
        <ul>
          {linked.actions.map((a) => (
            <li key={a._id} data-testid="report-action">
              <Tag color={STATUS_COLOR[a.status]}>{t(`report.actions.status.${a.status}`)}</Tag>
              {a.name}
              {' · '}
              <span data-testid="report-action-age">
                {a.status === 'complete' && a.completedAt
                  ? t('report.actions.closedIn', { count: elapsedDays(a.createdAt, a.completedAt) })
                  : t('report.actions.openFor', { count: elapsedDays(a.createdAt, now) })}
              </span>
              {a.dueDate && ` · ${t('report.actions.due', { day: formatStoredDay(a.dueDate) })}`}
              {a.overdue && (
                <Tag color="red" style={{ marginLeft: 6 }}>
                  {t('report.actions.overdue')}
                </Tag>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
