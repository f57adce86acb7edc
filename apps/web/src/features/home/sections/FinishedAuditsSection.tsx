import { Tag } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { formatInstantDay, zoneOr } from '@audit/domain/dates';
import { useCurrentSpace } from '../../../session/space';
import { useFinishedAudits, type TAuditLine } from '../homeApi';
import { HomeSection } from '../HomeSection';

/** The audits finished last, each opening its report (the auditor's or the client's). */
export function FinishedAuditsSection({ seeAll, reportBase }: { seeAll: string; reportBase: string }) {
  const zone = zoneOr(useCurrentSpace().data?.timeZone);
  return (
    <HomeSection<TAuditLine>
      section="finishedAudits"
      icon={<FileDoneOutlined />}
      seeAll={seeAll}
      query={useFinishedAudits()}
      line={(audit) => ({
        id: audit._id,
        to: `${reportBase}/${audit._id}`,
        title: audit.establishment.name,
        detail: [formatInstantDay(audit.finishedDate, zone), audit.template.name].filter(Boolean).join(' · '),
        extra:
          audit.percentage == null ? undefined : (
            <Tag color={audit.percentage >= 80 ? 'green' : audit.percentage >= 50 ? 'orange' : 'red'}>{`${Math.round(audit.percentage)} %`}</Tag>
          ),
      })}
    />
  );
}
