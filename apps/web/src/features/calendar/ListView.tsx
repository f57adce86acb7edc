import { Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TDay } from '@audit/domain/dates';
import type { TVisit } from './calendarApi';
import { VisitChip } from './VisitChip';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The visits day by day (the phone's view): each day with visits, its visits with client, service and auditor. */
export function ListView({ byDay, onOpen }: { byDay: Map<TDay, TVisit[]>; onOpen: (visit: TVisit) => void }) {
  const { t, i18n } = useTranslation();
  const long = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const days = [...byDay.keys()].sort();
  if (!days.length) return <Empty description={t('calendar.empty')} />;
  return (
    <div>
      {days.map((day) => (
        <section key={day} aria-label={long.format(new Date(`${day}T00:00:00Z`))} style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: '8px 0 4px' }}>
            {capitalized(long.format(new Date(`${day}T00:00:00Z`)))}
          </Typography.Title>
          <List
            size="small"
            bordered
            dataSource={byDay.get(day)}
            renderItem={(v) => (
              <List.Item>
                <div style={{ width: '100%' }}>
                  <VisitChip visit={v} onOpen={onOpen} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[v.client.name, v.service.name, v.templateName, v.auditor?.name].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </div>
              </List.Item>
            )}
          />
        </section>
      ))}
    </div>
  );
}
