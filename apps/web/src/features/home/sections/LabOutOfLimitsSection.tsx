import { Tag } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatInstantDay, zoneOr } from '@audit/domain/dates';
import { useCurrentSpace } from '../../../session/space';
import { useLabOutOfLimits, type TLabLine } from '../homeApi';
import { HomeSection } from '../HomeSection';

/** Lab results out of their limits still open (a lab incident each), each opening that incident over the lab incidents list. */
export function LabOutOfLimitsSection({ seeAll }: { seeAll: string }) {
  const { t } = useTranslation();
  const zone = zoneOr(useCurrentSpace().data?.timeZone);
  return (
    <HomeSection<TLabLine>
      section="labOutOfLimits"
      icon={<ExperimentOutlined />}
      seeAll={seeAll}
      query={useLabOutOfLimits()}
      line={(result) => ({
        id: result._id,
        to: `/incidents/list/lab-data/${result._id}`,
        title: `${result.parameter}: ${result.value}${result.unit ? ` ${result.unit}` : ''}`,
        detail: [formatInstantDay(result.openDate, zone), t(`labData.categories.${result.category}`), result.report.number, result.place]
          .filter(Boolean)
          .join(' · '),
        extra: <Tag color={result.status === 'RUNNING' ? 'blue' : 'default'}>{t(`labData.status.${result.status}`)}</Tag>,
      })}
    />
  );
}
