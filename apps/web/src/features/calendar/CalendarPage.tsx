import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VisitCalendar } from './VisitCalendar';

/** /calendar: the visits calendar of the auditors and the office (decision 0087). */
export function CalendarPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('calendar.title')}
      </Typography.Title>
      <VisitCalendar />
    </Card>
  );
}
