import './report.css';
import { memo, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Badge, Collapse, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { TAudit, TAuditSection } from '@audit/domain/audits';
import { ContactList, FieldList } from './FieldList';
import { ReportZone } from './reportZone';
import { AppliedDeduction, appliedDeduction } from './deduction';
import { zoneOr } from '@audit/domain/dates';
import { QuestionBlock } from './QuestionBlock';
import { QuestionnaireBlock } from './QuestionnaireBlock';
import { useQuestionAnchor } from './questionAnchor';
import { formatPercent } from './reportFormat';
import { sectionPercent } from '@audit/domain/score';
import { reportParts, type TReportLayout } from './reportLayout';
import { SummaryCard } from './SummaryCard';
import { createSectionMounts, type TSectionMounts } from './sectionMounts';
import { usePanelsShown } from './reportPanels';
import { questionsRoom } from './sectionRoom';

/**
 * A section's fields and questions. Until its turn (sectionMounts.ts) it shows its fields and a
 * holder with the room its questions take off screen (sectionRoom.ts), so a section that mounts
 * above the screen moves nothing on it.
 */
const SectionBody = memo(function SectionBody({ section, index, mounts }: { section: TAuditSection; index: number; mounts: TSectionMounts }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(() => mounts.initially(index));
  const holder = useRef<HTMLDivElement>(null);
  const questions = useMemo(() => [...section.questions].sort((a, b) => a.position - b.position), [section.questions]);
  useEffect(() => mounts.register(index, (urgent) => (urgent ? setMounted(true) : startTransition(() => setMounted(true)))), [mounts, index]);
  useEffect(() => {
    if (mounted) mounts.committed(index);
  }, [mounted, mounts, index]);
  // Near the screen (a fast scroll, a jump): this section goes before the ones above it.
  useEffect(() => {
    const element = holder.current;
    if (mounted || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && mounts.soon(index), { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [mounted, mounts, index]);
  if (!questions.length && !section.fields.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.noQuestionsForThisSection')} />;
  return (
    <Flex vertical gap={12}>
      <FieldList fields={section.fields} />
      {mounted ? (
        questions.map((q, i) => <QuestionBlock key={q._id} question={q} index={i + 1} />)
      ) : questions.length ? (
        <div ref={holder} className="report-section-holder" style={{ height: questionsRoom(questions.length) }} data-testid="report-section-holder" />
      ) : null}
    </Flex>
  );
});

function SectionLabel({ section, layout }: { section: TAuditSection; layout: TReportLayout }) {
  const { t, i18n } = useTranslation();
  const percent = sectionPercent(section);
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Typography.Text strong>{section.title}</Typography.Text>
      <Flex gap={6} align="center">
        {section.totalIssuesCount > 0 && (
          <Badge count={section.totalIssuesCount} color="#f5222d" title={t('report.issuesCount', { count: section.totalIssuesCount })} />
        )}
        {layout.score && percent !== null && (
          <Tag color="#e6f2ef" className="report-percent" style={{ color: '#0b6e5f', margin: 0 }}>
            {formatPercent(percent, i18n.language)}
          </Tag>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * The read-only report: the introduction (summary card and cover fields), one collapsible panel
 * per section and the contacts. `header` is the page's own (signed-in actions or the public title).
 * The panels are memoised on the audit and the layout (decision 0110): the page's header changing,
 * or the corrective actions arriving beside the issues (their context), does not render the 65
 * panels again.
 */
export function ReportView({ audit, layout, header }: { audit: TAudit; layout: TReportLayout; header: ReactNode }) {
  return (
    <ReportZone.Provider value={zoneOr(audit.timeZone)}>
      <AppliedDeduction.Provider value={appliedDeduction(audit.deductions)?.issue ?? null}>
        <div className="report-page" data-testid="audit-report">
          {header}
          <ReportPanels audit={audit} layout={layout} />
        </div>
      </AppliedDeduction.Provider>
    </ReportZone.Provider>
  );
}

const ReportPanels = memo(function ReportPanels({ audit, layout }: { audit: TAudit; layout: TReportLayout }) {
  const { t } = useTranslation();
  const { cover, sections, contacts } = useMemo(() => reportParts(audit), [audit]);
  const { hash } = useLocation();
  const panels = usePanelsShown(sections.length, hash.startsWith('#question-'));
  const mounts = useSectionMounts(sections.length, panels.showAll);
  useQuestionAnchor(sections, mounts);
  const items = [
    {
      key: 'intro',
      label: <Typography.Text strong>{t('report.introduction')}</Typography.Text>,
      children: (
        <Flex vertical gap={16}>
          <SummaryCard audit={audit} layout={layout} />
          <FieldList fields={cover} />
        </Flex>
      ),
    },
    ...sections.slice(0, panels.shown).map((s, i) => ({
      key: s._id,
      label: <SectionLabel section={s} layout={layout} />,
      children: <SectionBody section={s} index={i} mounts={mounts} />,
    })),
    ...(panels.all && audit.questionnaire?.questionsAnswers.length
      ? [
          {
            key: 'questionnaire',
            label: <Typography.Text strong>{t('report.questionnaire.title')}</Typography.Text>,
            children: <QuestionnaireBlock questionnaire={audit.questionnaire} />,
          },
        ]
      : []),
    ...(panels.all
      ? [{ key: 'contacts', label: <Typography.Text strong>{t('report.contacts.title')}</Typography.Text>, children: <ContactList fields={contacts} /> }]
      : []),
  ];
  return <Collapse className="report-panels" defaultActiveKey={['intro', ...sections.map((s) => s._id), 'questionnaire', 'contacts']} items={items} />;
});

/**
 * The sections' turns (sectionMounts.ts), for this report's sections; the pump starts once the
 * first render is on the page. Printing renders every panel and section first, so the paper has them all.
 */
function useSectionMounts(count: number, showAllPanels: () => void) {
  const mounts = useMemo(() => createSectionMounts(count), [count]);
  useEffect(() => {
    mounts.start();
    const print = () => {
      showAllPanels();
      flushSync(() => mounts.mountAll());
    };
    addEventListener('beforeprint', print);
    return () => {
      removeEventListener('beforeprint', print);
      mounts.stop();
    };
  }, [mounts, showAllPanels]);
  return mounts;
}
