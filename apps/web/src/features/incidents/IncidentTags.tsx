import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS, TASK_STATUS_COLOURS, type TIncidentStatus, type TTaskStatus } from '@audit/domain/incidents';

/** Risk colours of the calls document (§9): high red, medium orange, low yellow, infrastructure blue; IE and P1 none. */
const RISK_COLOURS: Record<string, string | undefined> = { high: 'red', medium: 'orange', low: 'gold', infrastructure: 'blue' };

export function RiskTag({ risk }: { risk: string | null }) {
  const { t } = useTranslation();
  if (!risk) return null;
  return (
    <Tag color={RISK_COLOURS[risk]} data-testid="risk-tag">
      {t(`incidents.risk.${risk}`, { defaultValue: risk })}
    </Tag>
  );
}

export function StatusTag({ status }: { status: TIncidentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="status-tag">
      {t(`incidents.status.${status}`)}
    </Tag>
  );
}

export function TaskStatusTag({ status, overdue }: { status: TTaskStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  // antd 6 tags have no margin of their own: the gap keeps the two tags from touching.
  return (
    <Flex gap={4} wrap>
      <Tag color={TASK_STATUS_COLOURS[status]} data-testid="task-status">
        {t(`incidents.taskStatus.${status}`)}
      </Tag>
      {overdue && <Tag color="red">{t('incidents.overdue')}</Tag>}
    </Flex>
  );
}
