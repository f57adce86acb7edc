import { memo } from 'react';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { FieldsBlock } from './FieldsBlock';
import { CardGroup, GROUP_SIZE } from './CardGroup';
import { useRun } from './RunContext';
import { useRunUi } from './runUi';
import { SectionActions } from './SectionActions';
import { SectionScore } from './SectionScore';
import { shallowEqual, useAuditSelect } from './useAuditSelect';

const selectShape = (sectionId: string) => (audit: TAudit) => {
  const s = audit.sections.find((x) => x._id === sectionId);
  return s && { title: s.title, type: s.type, duplicable: s.duplicable, isDuplicated: s.isDuplicated, questionIds: (s.questions ?? []).map((q) => q._id) };
};

const groupsOf = (ids: string[]) => Array.from({ length: Math.ceil(ids.length / GROUP_SIZE) }, (_, i) => ids.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE));

/**
 * A collapsible section: cover fields (DATA), contacts (CONTACTS) or question cards. Its shape
 * (title, question ids) changes only when the audit's structure does; its figures live in
 * SectionScore, so an answer renders the card and the score, not the panel. A closed panel
 * renders no content at all.
 */
export const SectionPanel = memo(function SectionPanel({ sectionId, first = false }: { sectionId: string; first?: boolean }) {
  const { t } = useTranslation();
  const { auditId, ui } = useRun();
  const shape = useAuditSelect(auditId, selectShape(sectionId), shallowEqual);
  const open = useRunUi(ui, (s) => !s.closedSections.has(sectionId));
  if (!shape) return null;
  const bodyId = `section-body-${sectionId}`;
  return (
    <section className="run-section" id={`section-${sectionId}`} aria-label={shape.title}>
      <header className="run-section-head">
        <button type="button" className="run-section-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => ui.toggleSection(sectionId)}>
          {open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
          <h3>{shape.title}</h3>
          {shape.isDuplicated && <span className="run-copy-tag">{t('auditRun.section.copy')}</span>}
        </button>
        {shape.type === 'QUESTION' && <SectionScore sectionId={sectionId} />}
        {(shape.duplicable || shape.isDuplicated) && (
          <SectionActions sectionId={sectionId} title={shape.title} duplicable={shape.duplicable || shape.isDuplicated} removable={shape.isDuplicated} />
        )}
      </header>
      {open && (
        <div className="run-section-body" id={bodyId}>
          {shape.type === 'QUESTION' &&
            groupsOf(shape.questionIds).map((ids, i) => <CardGroup key={ids[0]} ids={ids} start={i * GROUP_SIZE} eager={first && i === 0} />)}
          {shape.type === 'QUESTION' && !shape.questionIds.length && <div className="run-muted">{t('auditRun.noQuestionsForThisSection')}</div>}
          {shape.type !== 'QUESTION' && <FieldsBlock sectionId={sectionId} kind={shape.type === 'DATA' ? 'cover' : 'contacts'} />}
        </div>
      )}
    </section>
  );
});
