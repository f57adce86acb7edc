import { Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDay, todayInZone, zoneOr } from '@audit/domain/dates';
import { useCurrentSpace } from '../../../session/space';
import { useOverdueTasks, type TTaskLine } from '../homeApi';
import { daysBetween } from '../homeDays';
import { HomeSection } from '../HomeSection';

/** Corrective actions past their due date, with how many days late, each opening its incident (where it is worked). */
export function OverdueTasksSection({ seeAll }: { seeAll: string }) {
  const { t } = useTranslation();
  const today = todayInZone(zoneOr(useCurrentSpace().data?.timeZone));
  return (
    <HomeSection<TTaskLine>
      section="overdueTasks"
      icon={<ClockCircleOutlined />}
      seeAll={seeAll}
      query={useOverdueTasks()}
      line={(task) => ({
        id: task._id,
        to: `/incidents/${task.incidentId}`,
        title: task.name,
        detail: [task.incidentName, task.responsible?.name, task.dueDate ? t('home.dueOn', { day: formatDay(task.dueDate) }) : null]
          .filter(Boolean)
          .join(' · '),
        extra: task.dueDate ? (
          <Tag color="red" data-testid="home-task-age">
            {t('home.daysLate', { count: Math.max(1, daysBetween(task.dueDate, today)) })}
          </Tag>
        ) : undefined,
      })}
    />
  );
}
