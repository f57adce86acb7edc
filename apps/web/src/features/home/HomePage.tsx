import './home.css';
import type { ReactNode } from 'react';
import { Card, Col, Flex, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { zoneOr } from '@audit/domain/dates';
import { initialsOf, type TMe } from '../../session/me';
import { useCurrentSpace } from '../../session/space';
import { homeSections, type THomeKind, type THomeSection } from './homeSections';
import { AuditsToRunSection } from './sections/AuditsToRunSection';
import { FinishedAuditsSection } from './sections/FinishedAuditsSection';
import { LabOutOfLimitsSection } from './sections/LabOutOfLimitsSection';
import { OpenIncidentsSection } from './sections/OpenIncidentsSection';
import { OverdueTasksSection } from './sections/OverdueTasksSection';
import { PendingRegistersSection } from './sections/PendingRegistersSection';
import { SummaryFigures } from './sections/SummaryFigures';

/** "Domingo, 22 de noviembre de 2026" / "Sunday, 22 November 2026": today where the space is. */
function today(language: string, timeZone: string) {
  const text = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'full', timeZone }).format(new Date());
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function greetingKey() {
  const hour = dayjs().hour();
  return hour < 13 ? 'home.morning' : hour < 20 ? 'home.afternoon' : 'home.evening';
}

function sectionOf(kind: THomeKind, me: TMe, { key, seeAll }: THomeSection): ReactNode {
  switch (key) {
    case 'summary':
      return <SummaryFigures seeAll={seeAll} />;
    case 'auditsToRun':
      return <AuditsToRunSection seeAll={seeAll} auditorId={me.isAuditor ? me._id : undefined} />;
    case 'finishedAudits':
      return <FinishedAuditsSection seeAll={seeAll} reportBase={kind === 'auditor' ? '/auditor/audits/report' : '/client-audits/audits/report'} />;
    case 'openIncidents':
      return <OpenIncidentsSection seeAll={seeAll} />;
    case 'overdueTasks':
      return <OverdueTasksSection seeAll={seeAll} />;
    case 'pendingRegisters':
      return <PendingRegistersSection seeAll={seeAll} />;
    case 'labOutOfLimits':
      return <LabOutOfLimitsSection seeAll={seeAll} />;
  }
}

/**
 * /home/auditor and /home/client (decision 0080): a greeting, then what needs attention today, the
 * latest of each list the user may see, every line a link to where one acts on it. `canOpen` is the
 * sidebar's rule for a path (the shell's, handed down: a feature does not import the shell).
 */
export function HomePage({ kind, me, canOpen }: { kind: THomeKind; me: TMe; canOpen: (path: string) => boolean }) {
  const { t, i18n } = useTranslation();
  const space = useCurrentSpace();
  const sections = homeSections(kind, me, canOpen);
  // One line (home.css): cut with an ellipsis on a narrow phone, whole in its tooltip.
  const dateLine = `${today(i18n.language, zoneOr(space.data?.timeZone))}${space.data?.name ? ` · ${space.data.name}` : ''}`;
  return (
    <Flex vertical gap={16} data-testid={`home-${kind}`}>
      <Card className="home-hero">
        <Flex gap={16} align="center">
          {/* Not antd's Avatar: it measures its text when it mounts, a layout of the whole page in the
              first render's task (about 0.1 s on a slow tablet); the shell's user block does the same (UserMenu). */}
          <span className="user-avatar home-hero-avatar" aria-hidden>
            {me.avatar ? <img src={me.avatar} alt="" /> : initialsOf(me.fullName)}
          </span>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text className="home-hero-date" title={dateLine}>
              {dateLine}
            </Typography.Text>
            <Typography.Title level={2} className="home-hero-title">
              {t(greetingKey(), { name: me.firstName })}
            </Typography.Title>
            <Typography.Text className="home-hero-intro">{t(`home.${kind}.intro`)}</Typography.Text>
          </div>
        </Flex>
      </Card>
      {sections.length === 0 ? (
        <Card>
          <Typography.Text type="secondary">{t('home.nothingToShow')}</Typography.Text>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {sections.map((section, index) => (
            // The figures, and the registers when they lead (the kitchen staff's), take the whole width;
            // the lists sit two by two on a wide screen, one under the other on a phone.
            <Col key={section.key} xs={24} xl={section.key === 'summary' || (index === 0 && section.key === 'pendingRegisters') ? 24 : 12}>
              {sectionOf(kind, me, section)}
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
