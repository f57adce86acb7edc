import { Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@audit/domain/dates';
import { useOverdueTasks, type TTaskLine } from '../homeApi';
import { HomeSection } from '../HomeSection';

/**
 * Corrective actions past their due date, with how many days late (the server's count, in the
 * action's own space's time zone, decision 0094), each opening its incident (where it is worked).
 */
export function OverdueTasksSection({ seeAll }: { seeAll: string }) {
  const { t } = useTranslation();
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
            {t('home.daysLate', { count: Math.max(1, task.daysLate) })}
          </Tag>
        ) : undefined,
      })}
    />
  );
}
