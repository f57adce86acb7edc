import { Tag } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatStoredDay } from '@audit/domain/dates';
import { useAuditsToRun, type TAuditLine } from '../homeApi';
import { HomeSection } from '../HomeSection';

const STATUS_COLOURS: Record<string, string> = { draft: 'default', accepted: 'geekblue', running: 'blue' };

/** The auditor's audits to make, the nearest first: a planned one opens its preview (start it there), one in progress its run. */
export function AuditsToRunSection({ seeAll, auditorId }: { seeAll: string; auditorId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <HomeSection<TAuditLine>
      section="auditsToRun"
      icon={<CalendarOutlined />}
      seeAll={seeAll}
      query={useAuditsToRun(auditorId)}
      line={(audit) => ({
        id: audit._id,
        to: audit.status === 'running' ? `/auditor/audits/run/${audit._id}` : `/auditor/audits?audit=${audit._id}`,
        title: audit.establishment.name,
        detail: [formatStoredDay(audit.startDate), audit.template.name].join(' · '),
        extra: <Tag color={STATUS_COLOURS[audit.status]}>{t(`audits.status.${audit.status}`)}</Tag>,
      })}
    />
  );
}
