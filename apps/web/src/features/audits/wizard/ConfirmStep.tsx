import { Alert, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/errorMessage';
import { todayInZone } from '@audit/domain/dates';
import { useTimeZone } from '../../../session/timeZone';
import { formatDay, formatPercent, formatRange, startDateFor, utcRange } from '../auditFormat';
import type { TWizardState } from './wizardState';

/** Step 3: everything chosen, with a red warning when the template has no facility type (area access). */
export function ConfirmStep({ state, error }: { state: TWizardState; error: unknown }) {
  const { t, i18n } = useTranslation();
  const { client, establishment, service, template, auditor, range, period } = state;
  const goal = service?.valueGoal;
  const timeZone = useTimeZone();
  const start = formatDay(startDateFor(period.year, period.month, todayInZone(timeZone)));
  return (
    <div data-testid="wizard-confirmation">
      {Boolean(error) && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} data-testid="wizard-error" />}
      <Descriptions
        column={{ xs: 1, lg: 2 }}
        bordered
        size="small"
        items={[
          { key: 'client', label: t('audits.fields.client'), children: client?.name },
          { key: 'establishment', label: t('audits.fields.establishment'), children: establishment?.name },
          { key: 'service', label: t('audits.fields.service'), children: service?.name },
          { key: 'valueGoal', label: t('audits.fields.valueGoal'), children: goal === null || goal === undefined ? '—' : formatPercent(goal, i18n.language) },
          {
            key: 'areaAccess',
            label: t('audits.fields.areaAccess'),
            children: template?.areaAccess?.name ?? (
              <Typography.Text type="danger" strong data-testid="area-access-missing">
                {t('audits.wizard.areaAccessMissing')}
              </Typography.Text>
            ),
          },
          {
            key: 'period',
            label: t('audits.fields.period'),
            children: t('audits.wizard.periodValue', {
              month: dayjs(new Date(period.year, period.month, 1))
                .locale(i18n.language)
                .format('MMMM YYYY'),
              start,
            }),
          },
          { key: 'date', label: t('audits.fields.dateRange'), children: range ? formatRange(utcRange(range[0], range[1])) : '—' },
          { key: 'auditor', label: t('audits.fields.auditor'), children: auditor?.fullName },
          { key: 'template', label: t('audits.fields.template'), children: template?.name, span: { xs: 1, lg: 2 } },
        ]}
      />
    </div>
  );
}
