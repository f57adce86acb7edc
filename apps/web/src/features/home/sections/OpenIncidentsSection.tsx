import { Flex, Tag } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatInstantDay, zoneOr } from '@audit/domain/dates';
import { STATUS_COLOURS } from '@audit/domain/incidents';
import { useCurrentSpace } from '../../../session/space';
import { useOpenIncidents, type TIncidentLine } from '../homeApi';
import { HomeSection } from '../HomeSection';

/** The incidents list's risk colours (calls document §9): high red, medium orange, low gold, infrastructure blue. */
const RISK_TAGS: Record<string, string | undefined> = { high: 'red', IE: 'red', P1: 'red', medium: 'orange', low: 'gold', infrastructure: 'blue' };

/** Audit incidents still open, the latest first, each opening its detail (where its status and actions move). */
export function OpenIncidentsSection({ seeAll }: { seeAll: string }) {
  const { t } = useTranslation();
  const zone = zoneOr(useCurrentSpace().data?.timeZone);
  return (
    <HomeSection<TIncidentLine>
      section="openIncidents"
      icon={<WarningOutlined />}
      seeAll={seeAll}
      query={useOpenIncidents()}
      line={(incident) => ({
        id: incident._id,
        to: `/incidents/${incident._id}`,
        title: incident.name,
        // The date first: a long place is what a phone cuts.
        detail: [formatInstantDay(incident.openDate, zone), incident.place ?? incident.facility].filter(Boolean).join(' · '),
        extra: (
          <Flex gap={4} wrap justify="flex-end">
            {incident.riskLevel && (
              <Tag color={RISK_TAGS[incident.riskLevel]}>{t(`incidents.risk.${incident.riskLevel}`, { defaultValue: incident.riskLevel })}</Tag>
            )}
            <Tag color={STATUS_COLOURS[incident.status]}>{t(`incidents.status.${incident.status}`)}</Tag>
          </Flex>
        ),
      })}
    />
  );
}
